import type { OutboxHandler } from '@/lib/offline/outbox';
import type { OutboxItem } from '@/lib/offline/db';
import { createOrderDocument, uploadOrderFile } from './api';
import { DOCUMENT_OUTBOX_KINDS } from './keys';

/**
 * What the offline outbox does with a queued document upload: the two steps (the
 * file, then the order document), resumed at the step reached; the item's `idempotencyKey` gives
 * both their `Idempotency-Key`, and every request carries `ctx.request` (it leaves only with the
 * item's owner's session).
 */

/** A queued document upload; `step` and `fileId` record how far it got. */
export interface QueuedUploadPayload {
  orderId: number;
  documentTypeId: number;
  documentTypeName: string;
  fileName: string;
  step: 'file' | 'document';
  fileId?: number;
  /** The order's dealership and dispatcher user ids: the types offered when the queue page edits the item. */
  companyUserId?: number | null;
  dispatcherUserId?: number | null;
}

export const documentOutboxHandlers: Record<string, OutboxHandler> = {
  [DOCUMENT_OUTBOX_KINDS.uploadDocument]: {
    async send(item: OutboxItem<QueuedUploadPayload>, ctx) {
      let p = item.payload;
      if (p.step === 'file' || !p.fileId) {
        if (!ctx.blob) throw new Error('Arquivo do item não encontrado no armazenamento local.');
        const fileId = await uploadOrderFile({
          file: ctx.blob.blob,
          fileName: ctx.blob.name,
          idempotencyKey: item.idempotencyKey,
          onProgress: ctx.onProgress,
          scope: ctx.request,
        });
        p = { ...p, step: 'document', fileId };
        await ctx.saveProgress(p);
      }
      return createOrderDocument({ orderId: p.orderId, documentTypeId: p.documentTypeId, fileId: p.fileId!, idempotencyKey: item.idempotencyKey }, ctx.request);
    },
  },
};
