import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/lib/navigation/route-table';
import { SalesOrderDocuments } from '@/features/sales-orders/sales-order-documents';

export const Route = createFileRoute('/_app/sales-order/$id/documentos')({
  staticData: routeMeta('/sales-order/$id/documentos'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderDocuments id={id} />;
}
