import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { salesOrderQueries } from '@/features/sales-orders/api';
import { SalesOrderForm } from '@/features/sales-orders/sales-order-form';

export const Route = createFileRoute('/_app/sales-order/$id/')({
  staticData: routeMeta('/sales-order/$id'),
  // prefetch (not ensure): the screen reports a missing or failed order itself
  loader: ({ context, params }) => context.queryClient.prefetchQuery(salesOrderQueries.detail(params.id)),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderForm id={id} mode="edit" />;
}
