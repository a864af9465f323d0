import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { receivableResource } from '@/features/receivables/resource';
import { receivableQueries } from '@/features/receivables/api';
import { ReceivableList } from '@/features/receivables/receivable-list';
import { toReceivableSearch } from '@/features/receivables/schema';

export const Route = createFileRoute('/_app/receivables/')({
  staticData: routeMeta('/receivables'),
  validateSearch: receivableResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(receivableQueries.list(toReceivableSearch(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReceivableList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
