import { useQuery } from '@tanstack/react-query';
import type { OutboxItem } from '@/lib/offline/db';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { PAYMENT_OUTBOX_KINDS } from './keys';
import { NewPaymentDialog } from './new-payment-dialog';
import type { QueuedPaymentPayload } from './outbox';

/** What the queue page's edit of a queued item gets (features/outbox `OutboxItemEditor`). */
export interface QueuedItemEditProps<P = unknown> {
  /** The item being edited (state 'attention'). */
  item: OutboxItem<P>;
  onClose: () => void;
  /** Saves the new payload (the caller calls `outbox.edit` and sends again). */
  onSave: (item: OutboxItem, payload: unknown) => void;
}

/** True for a queued new payment the server refused ('precisa de atenção'): the queue page can edit it. */
export function isEditableQueuedPayment(item: OutboxItem): boolean {
  return item.state === 'attention' && item.kind === PAYMENT_OUTBOX_KINDS.createPayment;
}

/**
 * Edit of a queued new payment the server refused: its method, amount (centavos) and
 * instalments, through the 'Novo pagamento' dialog titled 'Editar pagamento' with the queued
 * values. The payment keeps its `custom_document_id`.
 */
export function QueuedPaymentEdit({ item, onClose, onSave }: QueuedItemEditProps<QueuedPaymentPayload>) {
  const methodsQuery = useQuery({
    ...paymentMethodOptions(),
    meta: { errorMessage: 'Não foi possível carregar os meios de pagamento.', useServerMessage: false },
  });
  const methods = methodsQuery.data ?? [];
  const p = item.payload;
  return (
    <NewPaymentDialog
      open
      title="Editar pagamento"
      onOpenChange={(open) => !open && onClose()}
      methods={methods.length ? methods : [{ id: p.paymentMethodId, name: p.methodName }]}
      methodsLoading={methodsQuery.isPending}
      initial={{ paymentMethodId: p.paymentMethodId, amount: p.amount, installments: p.installments }}
      onSubmit={(values) => {
        const methodName = methods.find((m) => m.id === values.paymentMethodId)?.name ?? p.methodName;
        onSave(item, { ...p, ...values, methodName } satisfies QueuedPaymentPayload);
      }}
    />
  );
}
