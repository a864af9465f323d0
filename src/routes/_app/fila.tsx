import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { OutboxPage, type OutboxItemEditor } from '@/features/outbox/outbox-page';
import { QueuedItemEditDialog, isEditableQueuedItem } from '@/features/sales-orders/queued-item-edit-dialog';

export const Route = createFileRoute('/_app/fila')({
  staticData: routeMeta('/fila'),
  component: RouteComponent,
});

/** The queued items the queue page can edit are the sales orders' (new payments, uploads). */
const editor: OutboxItemEditor = { canEdit: isEditableQueuedItem, Dialog: QueuedItemEditDialog };

function RouteComponent() {
  return <OutboxPage editor={editor} />;
}
