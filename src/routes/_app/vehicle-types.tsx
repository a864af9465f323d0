import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { VehicleTypeList } from '@/features/vehicle-types/vehicle-type-list';

export const Route = createFileRoute('/_app/vehicle-types')({
  staticData: routeMeta('/vehicle-types'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <VehicleTypeList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
