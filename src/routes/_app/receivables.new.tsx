import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { ReceivableForm } from '@/features/receivables/receivable-form';

export const Route = createFileRoute('/_app/receivables/new')({
  staticData: routeMeta('/receivables/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <ReceivableForm mode="new" />;
}
