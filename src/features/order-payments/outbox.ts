import { isApiError } from '@/lib/api';
import { type Cents } from '@/lib/money';
import type { OutboxItem } from '@/lib/offline/db';
import type { OutboxHandler } from '@/lib/offline/outbox';
import { confirmReceivable, undoReceivable } from '@/shared/receivables';
import { PAYMENT_OUTBOX_KINDS } from './keys';
import { paymentCustomDocumentId } from './payments';
import { createOrderPayment } from './api';

/**
 * What the offline outbox does with an order's payment writes: a new payment, and
 * Registrar / Estornar on a payment. Payloads are plain data; the item's `idempotencyKey`
 * (assigned when queued) goes in the `Idempotency-Key` header, and every request carries
 * `ctx.request` (it leaves only with the item's owner's session).
 */

/** A queued 'Novo pagamento' (spec 001 §5): the create body is rebuilt from these, identical on every resend. */
export interface QueuedPaymentPayload {
  orderId: number;
  paymentMethodId: number;
  /** For the pending row and the queue page. */
  methodName: string;
  /** Centavos. */
  amount: Cents;
  installments: number;
  /** ISO instant of the user's action (payment_date; the custom id's timestamp). */
  createdAt: string;
  /** `SO-{orderId}-{timestamp}`, fixed when queued: the server's unique anchor of this payment. */
  customDocumentId: string;
}

/** A queued Registrar / Estornar: the payment's documentId, or (payment still queued) the item's `dependsOn`. */
export interface QueuedPaymentActionPayload {
  paymentDocumentId?: string;
  /** For the queue page: 'Pagamento 12' or the queued payment's custom id. */
  label: string;
}

/** The created payment's ids: what a dependent Registrar needs. */
export interface CreatedPaymentResult {
  id: number;
  documentId: string;
}

/** Fills the fixed parts of a new payment's queued payload (custom id from `createdAt`). */
export function queuedPaymentPayload(values: Omit<QueuedPaymentPayload, 'createdAt' | 'customDocumentId'>, now: Date = new Date()): QueuedPaymentPayload {
  return { ...values, createdAt: now.toISOString(), customDocumentId: paymentCustomDocumentId(values.orderId, now) };
}

const detailsOf = (error: unknown): Record<string, unknown> => {
  const d = isApiError(error) ? error.details : undefined;
  return d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
};

/** The payment a Registrar/Estornar acts on: its own documentId or the delivered result of the queued create. */
function paymentRef(item: OutboxItem<QueuedPaymentActionPayload>): string {
  if (item.payload.paymentDocumentId) return item.payload.paymentDocumentId;
  const result = item.dependencyResult as CreatedPaymentResult | undefined;
  if (result?.documentId) return result.documentId;
  throw new Error('Pagamento de origem ainda não enviado.');
}

/** 409 of confirm/undo whose `details.status_in` is already the target: our earlier send went through. */
const alreadyIn = (target: 'paid' | 'reversed') => (error: unknown) =>
  isApiError(error) && error.status === 409 && detailsOf(error).status_in === target ? { result: null } : undefined;

export const paymentOutboxHandlers: Record<string, OutboxHandler> = {
  [PAYMENT_OUTBOX_KINDS.createPayment]: {
    async send(item: OutboxItem<QueuedPaymentPayload>, ctx) {
      const p = item.payload;
      const created = await createOrderPayment(
        {
          orderId: p.orderId,
          paymentMethodId: p.paymentMethodId,
          amount: p.amount,
          installments: p.installments,
          createdAt: p.createdAt,
          idempotencyKey: item.idempotencyKey,
        },
        ctx.request,
      );
      return { id: created.id, documentId: created.documentId } satisfies CreatedPaymentResult;
    },
    // The custom id is unique: a 409 naming the existing payment means this payment is there.
    alreadyDone(error) {
      const d = detailsOf(error);
      if (isApiError(error) && error.status === 409 && typeof d.documentId === 'string') {
        return { result: { id: Number(d.id), documentId: d.documentId } satisfies CreatedPaymentResult };
      }
      return undefined;
    },
  },
  [PAYMENT_OUTBOX_KINDS.confirmPayment]: {
    send: async (item: OutboxItem<QueuedPaymentActionPayload>, ctx) => confirmReceivable(paymentRef(item), ctx.request),
    alreadyDone: alreadyIn('paid'),
  },
  [PAYMENT_OUTBOX_KINDS.undoPayment]: {
    send: async (item: OutboxItem<QueuedPaymentActionPayload>, ctx) => undoReceivable(paymentRef(item), ctx.request),
    alreadyDone: alreadyIn('reversed'),
  },
};
