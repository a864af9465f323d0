import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { roleResource } from '@/features/roles/resource';
import { RoleList } from '@/features/roles/role-list';
import { roleQueries } from '@/features/roles/api';

export const Route = createFileRoute('/_app/roles')({
  staticData: routeMeta('/roles'),
  validateSearch: roleResource.validateSearch,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context }) => void context.queryClient.prefetchQuery(roleQueries.list()),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <RoleList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
