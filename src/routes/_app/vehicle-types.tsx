import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { vehicleTypeData } from '@/features/vehicle-types/api';
import { vehicleTypeResource } from '@/features/vehicle-types/resource';
import { VehicleTypeList } from '@/features/vehicle-types/vehicle-type-list';

export const Route = createFileRoute('/_app/vehicle-types')({
  staticData: routeMeta('/vehicle-types'),
  validateSearch: vehicleTypeResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(vehicleTypeData.list(vehicleTypeData.listInput(deps))),
  component: VehicleTypeList,
});
