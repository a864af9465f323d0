import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/lib/navigation/route-table';
import { ReceivableForm } from '@/features/receivables/receivable-form';

export const Route = createFileRoute('/_app/receivables/$id')({
  staticData: routeMeta('/receivables/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ReceivableForm id={id} mode="edit" />;
}
