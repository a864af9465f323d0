import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/lib/navigation/route-table';
import { SalesOrderForm } from '@/features/sales-orders/sales-order-form';

export const Route = createFileRoute('/_app/sales-order/$id/')({
  staticData: routeMeta('/sales-order/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderForm id={id} mode="edit" />;
}
