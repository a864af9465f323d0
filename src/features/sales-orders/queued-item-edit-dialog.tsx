import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import { documentTypesForCompany } from '@/shared/document-types';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { OUTBOX_KINDS } from './keys';
import type { QueuedPaymentPayload, QueuedUploadPayload } from './outbox';
import { NewPaymentDialog } from './new-payment-dialog';
import { typesForOrder } from './documents';
import type { OutboxItem } from '@/lib/offline/db';

/** True for the queued items of this feature whose data can be edited on the queue page (issue 10). */
export function isEditableQueuedItem(item: OutboxItem): boolean {
  return item.state === 'attention' && (item.kind === OUTBOX_KINDS.createPayment || item.kind === OUTBOX_KINDS.uploadDocument);
}

export interface QueuedItemEditDialogProps {
  /** The item being edited (state 'attention'), or null when closed. */
  item: OutboxItem | null;
  onClose: () => void;
  /** Saves the new payload (the caller calls `outbox.edit` and sends again). */
  onSave: (item: OutboxItem, payload: unknown) => void;
}

/**
 * Edit of a queued item the server refused ('precisa de atenção', issue 10): a new payment's
 * method, amount (centavos) and instalments, through the 'Novo pagamento' dialog titled
 * 'Editar pagamento' with the queued values; an upload's document type (among the order's, as on
 * its details page). The payment keeps its
 * `custom_document_id` and the upload the step it reached (a file already sent is not sent again).
 */
export function QueuedItemEditDialog({ item, onClose, onSave }: QueuedItemEditDialogProps) {
  if (item?.kind === OUTBOX_KINDS.createPayment) return <EditPayment item={item as OutboxItem<QueuedPaymentPayload>} onClose={onClose} onSave={onSave} />;
  if (item?.kind === OUTBOX_KINDS.uploadDocument) return <EditUpload item={item as OutboxItem<QueuedUploadPayload>} onClose={onClose} onSave={onSave} />;
  return null;
}

function EditPayment({ item, onClose, onSave }: { item: OutboxItem<QueuedPaymentPayload>; onClose: () => void; onSave: QueuedItemEditDialogProps['onSave'] }) {
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

function EditUpload({ item, onClose, onSave }: { item: OutboxItem<QueuedUploadPayload>; onClose: () => void; onSave: QueuedItemEditDialogProps['onSave'] }) {
  const typesQuery = useQuery(documentTypesForCompany(item.payload.companyUserId ?? null));
  const p = item.payload;
  const [typeId, setTypeId] = useState(p.documentTypeId);
  useEffect(() => setTypeId(p.documentTypeId), [p.documentTypeId]);
  const offered = typesForOrder(typesQuery.data ?? [], p.dispatcherUserId);
  const types = offered.some((t) => t.id === p.documentTypeId) ? offered : [{ id: p.documentTypeId, name: p.documentTypeName }, ...offered];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Editar documento" description={p.fileName}>
      <form
        noValidate
        className={css({ display: 'grid', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          const type = types.find((t) => t.id === typeId);
          onSave(item, { ...p, documentTypeId: typeId, documentTypeName: type?.name ?? p.documentTypeName } satisfies QueuedUploadPayload);
          onClose();
        }}
      >
        <label className={css({ display: 'grid', gap: '1.5' })}>
          <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>Tipo de documento</span>
          <NativeSelect value={String(typeId)} onChange={(e) => setTypeId(Number(e.target.value))}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit">Salvar</Button>
        </div>
      </form>
    </Dialog>
  );
}
