import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { SalesItemForm } from '@/features/sales-items/sales-item-form';

export const Route = createFileRoute('/_app/sales-item/$id')({
  staticData: routeMeta('/sales-item/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <SalesItemForm id={id} mode="edit" />;
}
