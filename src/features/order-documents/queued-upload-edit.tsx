import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/input';
import type { OutboxItem } from '@/lib/offline/db';
import { documentTypesForCompany } from '@/shared/document-types';
import { typesForOrder } from './documents';
import { DOCUMENT_OUTBOX_KINDS } from './keys';
import type { QueuedUploadPayload } from './outbox';

/** True for a queued upload the server refused ('precisa de atenção'): the queue page can edit it. */
export function isEditableQueuedUpload(item: OutboxItem): boolean {
  return item.state === 'attention' && item.kind === DOCUMENT_OUTBOX_KINDS.uploadDocument;
}

/**
 * Edit of a queued upload the server refused: its document type, among the order's (as
 * on its details page). The upload keeps the step it reached (a file already sent is not sent again).
 */
export function QueuedUploadEdit({
  item,
  onClose,
  onSave,
}: {
  item: OutboxItem<QueuedUploadPayload>;
  onClose: () => void;
  onSave: (item: OutboxItem, payload: unknown) => void;
}) {
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
