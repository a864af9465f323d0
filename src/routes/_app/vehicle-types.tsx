import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { vehicleTypeResource } from '@/features/vehicle-types/resource';
import { vehicleTypeListInput, vehicleTypeQueries } from '@/features/vehicle-types/api';
import { VehicleTypeList } from '@/features/vehicle-types/vehicle-type-list';

export const Route = createFileRoute('/_app/vehicle-types')({
  staticData: routeMeta('/vehicle-types'),
  validateSearch: vehicleTypeResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(vehicleTypeQueries.list(vehicleTypeListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <VehicleTypeList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
