import { conflictVersion, recordVersion, singleSchema, api, type RequestScope } from '@/lib/api';
import type { OutboxItem } from '@/lib/offline/db';
import type { OutboxHandler } from '@/lib/offline/outbox';
import { alreadyApplied, type RecordUpdatePayload } from '@/lib/offline/record-update';
import type { FormValues } from '@/lib/edit-conflict';
import { updateSalesOrder } from './api';
import { ORDER_OUTBOX_KINDS } from './keys';
import { salesOrderSchema, salesOrderToForm, type SalesOrderPayload } from './schema';

/**
 * What the offline outbox does with an order edit saved without an answer (docs/frontend.md "Edits
 * that never overwrite a colleague's"): PUT of the fields the user changed, with the version the
 * form loaded (`If-Match`). A 409 because the order changed since: when the order already holds
 * every value of the edit (our own earlier send whose answer was lost, or a colleague who made
 * the same change) it counts as delivered; otherwise the item needs attention and the queue page
 * offers 'Manter as minhas' / 'Usar as deles'.
 */

export type QueuedOrderUpdatePayload = RecordUpdatePayload<Partial<SalesOrderPayload>>;

/** The order as it is now, as form values, and its version (the queue page's "theirs"; the replay's check). @throws ApiError */
export async function currentOrder(documentId: string, scope: RequestScope = {}): Promise<{ version: string | undefined; values: FormValues }> {
  const answer = await api.get(`/sales-orders/${encodeURIComponent(documentId)}`, {
    ...scope,
    query: { populate: '*' },
    schema: singleSchema(salesOrderSchema),
  });
  return { version: recordVersion(answer.data), values: salesOrderToForm(answer.data) };
}

export const orderOutboxHandlers: Record<string, OutboxHandler> = {
  [ORDER_OUTBOX_KINDS.updateOrder]: {
    async send(item: OutboxItem<QueuedOrderUpdatePayload>, ctx) {
      const p = item.payload;
      try {
        return await updateSalesOrder(p.documentId, p.data, p.version, ctx.request);
      } catch (error) {
        if (!conflictVersion(error)) throw error;
        const now = await currentOrder(p.documentId, ctx.request);
        if (alreadyApplied(p, now.values)) return null;
        throw error;
      }
    },
  },
};
