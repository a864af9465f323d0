import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { salesOrderResource } from '@/features/sales-orders/resource';
import { salesOrderQueries } from '@/features/sales-orders/api';
import { toSalesOrderSearch } from '@/features/sales-orders/schema';
import { SalesOrderList } from '@/features/sales-orders/sales-order-list';

export const Route = createFileRoute('/_app/sales-orders')({
  staticData: routeMeta('/sales-orders'),
  validateSearch: salesOrderResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(salesOrderQueries.list(toSalesOrderSearch(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SalesOrderList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
