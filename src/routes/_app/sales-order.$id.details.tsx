import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/lib/navigation/route-table';
import { SalesOrderDetails } from '@/features/sales-orders/sales-order-details';

export const Route = createFileRoute('/_app/sales-order/$id/details')({
  staticData: routeMeta('/sales-order/$id/details'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesOrderDetails id={id} />;
}
