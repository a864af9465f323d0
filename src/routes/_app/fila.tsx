import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { QueuedUploadEdit, isEditableQueuedUpload } from '@/features/order-documents/queued-upload-edit';
import { DOCUMENT_OUTBOX_KINDS } from '@/features/order-documents/keys';
import type { QueuedUploadPayload } from '@/features/order-documents/outbox';
import { QueuedPaymentEdit, isEditableQueuedPayment } from '@/features/order-payments/queued-payment-edit';
import { PAYMENT_OUTBOX_KINDS } from '@/features/order-payments/keys';
import type { QueuedPaymentPayload } from '@/features/order-payments/outbox';
import { OutboxPage, type OutboxItemEditor } from '@/features/outbox/outbox-page';
import type { StaleUpdateReader } from '@/features/outbox/stale-update';
import { ORDER_OUTBOX_KINDS } from '@/features/sales-orders/keys';
import type { OutboxItem } from '@/lib/offline/db';

export const Route = createFileRoute('/_app/fila')({
  staticData: routeMeta('/fila'),
  component: RouteComponent,
});

/** The queued items the queue page can edit: an order's new payments and uploads (each feature's dialog). */
const editor: OutboxItemEditor = {
  canEdit: (item) => isEditableQueuedPayment(item) || isEditableQueuedUpload(item),
  Dialog: ({ item, onClose, onSave }) => {
    if (item?.kind === PAYMENT_OUTBOX_KINDS.createPayment)
      return <QueuedPaymentEdit item={item as OutboxItem<QueuedPaymentPayload>} onClose={onClose} onSave={onSave} />;
    if (item?.kind === DOCUMENT_OUTBOX_KINDS.uploadDocument)
      return <QueuedUploadEdit item={item as OutboxItem<QueuedUploadPayload>} onClose={onClose} onSave={onSave} />;
    return null;
  },
};

/** Queued edits of an order: the queue page reads the order as it is now when one was refused as stale (the API code loads then). */
const stale: StaleUpdateReader = {
  handles: (item) => item.kind === ORDER_OUTBOX_KINDS.updateOrder,
  current: async (item) => (await import('@/features/sales-orders/outbox')).currentOrder((item.payload as { documentId: string }).documentId),
};

function RouteComponent() {
  return <OutboxPage editor={editor} stale={stale} />;
}
