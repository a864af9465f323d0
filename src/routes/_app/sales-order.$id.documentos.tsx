import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { OrderDocumentsSection } from '@/features/order-documents/order-documents-section';
import { salesOrderQueries } from '@/features/sales-orders/api';
import { SalesOrderDocuments } from '@/features/sales-orders/sales-order-documents';

export const Route = createFileRoute('/_app/sales-order/$id/documentos')({
  staticData: routeMeta('/sales-order/$id/documentos'),
  // prefetch (not ensure): the screen reports a missing or failed order itself
  loader: ({ context, params }) => context.queryClient.prefetchQuery(salesOrderQueries.detail(params.id)),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderDocuments id={id} documents={(order) => <OrderDocumentsSection order={order} />} />;
}
