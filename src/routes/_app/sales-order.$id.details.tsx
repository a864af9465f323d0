import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HistorySection } from '@/features/history/history-section';
import { OrderDocumentsSection } from '@/features/order-documents/order-documents-section';
import { OrderPaymentsSection } from '@/features/order-payments/order-payments-section';
import { salesOrderQueries } from '@/features/sales-orders/api';
import { SalesOrderDetails, type OrderSections } from '@/features/sales-orders/sales-order-details';

export const Route = createFileRoute('/_app/sales-order/$id/details')({
  staticData: routeMeta('/sales-order/$id/details'),
  // prefetch (not ensure): the screen reports a missing or failed order itself
  loader: ({ context, params }) => context.queryClient.prefetchQuery(salesOrderQueries.detail(params.id)),
  component: RouteComponent,
});

/** The order's cards drawn by their own features (features never import each other: the route composes them), its history last. */
const sections: OrderSections = {
  documents: (order) => <OrderDocumentsSection order={order} />,
  payments: (order) => <OrderPaymentsSection order={order} />,
  history: (order) => <HistorySection target={{ kind: 'record', type: 'sales-order', documentId: order.documentId }} />,
};

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderDetails id={id} sections={sections} />;
}
