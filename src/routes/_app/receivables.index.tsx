import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { receivableQueries } from '@/features/receivables/api';
import { ReceivableList } from '@/features/receivables/receivable-list';
import { toReceivableSearch } from '@/features/receivables/schema';
import { RECEIVABLES_PAGE_SIZE, RECEIVABLE_FILTER_KEYS, RECEIVABLE_PAGE_SIZES, RECEIVABLE_SORT_FIELDS } from '@/features/receivables/search-fields';

export const Route = createFileRoute('/_app/receivables/')({
  staticData: routeMeta('/receivables'),
  validateSearch: listSearchValidator({
    defaultPageSize: RECEIVABLES_PAGE_SIZE,
    pageSizeOptions: RECEIVABLE_PAGE_SIZES,
    sortFields: RECEIVABLE_SORT_FIELDS,
    filterFields: RECEIVABLE_FILTER_KEYS,
  }),
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(receivableQueries.list(toReceivableSearch(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReceivableList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
