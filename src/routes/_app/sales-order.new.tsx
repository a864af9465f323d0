import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { SalesOrderForm } from '@/features/sales-orders/sales-order-form';

export const Route = createFileRoute('/_app/sales-order/new')({
  staticData: routeMeta('/sales-order/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <SalesOrderForm mode="new" />;
}
