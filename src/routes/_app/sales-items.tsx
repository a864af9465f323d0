import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { salesItemResource } from '@/features/sales-items/resource';
import { salesItemListInput, salesItemQueries } from '@/features/sales-items/api';
import { SalesItemList } from '@/features/sales-items/sales-item-list';

export const Route = createFileRoute('/_app/sales-items')({
  staticData: routeMeta('/sales-items'),
  validateSearch: salesItemResource.validateSearch,
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
