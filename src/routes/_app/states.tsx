import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { stateResource } from '@/features/states/resource';
import { stateListInput, stateQueries } from '@/features/states/api';
import { StateList } from '@/features/states/state-list';

export const Route = createFileRoute('/_app/states')({
  staticData: routeMeta('/states'),
  validateSearch: stateResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(stateQueries.list(stateListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StateList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
