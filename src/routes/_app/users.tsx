import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { userListInput, userQueries } from '@/features/users/api';
import { UserList } from '@/features/users/user-list';
import { USER_FILTER_KEYS, USER_SORT_FIELDS } from '@/features/users/search-constants';

export const Route = createFileRoute('/_app/users')({
  staticData: routeMeta('/users'),
  validateSearch: listSearchValidator({ sortFields: USER_SORT_FIELDS, filterFields: USER_FILTER_KEYS }),
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(userQueries.list(userListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
