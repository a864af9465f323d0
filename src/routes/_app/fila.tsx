import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { OutboxPage } from '@/features/outbox/outbox-page';

export const Route = createFileRoute('/_app/fila')({
  staticData: routeMeta('/fila'),
  component: RouteComponent,
});

function RouteComponent() {
  return <OutboxPage />;
}
