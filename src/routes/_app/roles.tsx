import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { RoleList } from '@/features/roles/role-list';

export const Route = createFileRoute('/_app/roles')({
  staticData: routeMeta('/roles'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RoleList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
