import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { salesItemListInput, salesItemQueries } from '@/features/sales-items/api';
import { SALES_ITEM_FILTER_KEYS, SALES_ITEM_SORT_FIELDS } from '@/features/sales-items/search-constants';
import { SalesItemList } from '@/features/sales-items/sales-item-list';

export const Route = createFileRoute('/_app/sales-items')({
  staticData: routeMeta('/sales-items'),
  validateSearch: listSearchValidator({ sortFields: SALES_ITEM_SORT_FIELDS, filterFields: SALES_ITEM_FILTER_KEYS }),
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(salesItemQueries.list(salesItemListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SalesItemList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
