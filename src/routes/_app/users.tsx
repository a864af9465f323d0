import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { userResource } from '@/features/users/resource';
import { userListInput, userQueries } from '@/features/users/api';
import { UserList } from '@/features/users/user-list';

export const Route = createFileRoute('/_app/users')({
  staticData: routeMeta('/users'),
  validateSearch: userResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(userQueries.list(userListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
