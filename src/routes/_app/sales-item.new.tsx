import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { SalesItemForm } from '@/features/sales-items/sales-item-form';

export const Route = createFileRoute('/_app/sales-item/new')({
  staticData: routeMeta('/sales-item/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <SalesItemForm mode="new" />;
}
