import { userQueryKey } from '@/lib/session';

/**
 * An order's payments' query keys and the outbox kinds of the payment writes, in a module of their
 * own (no zod, no API code): the offline wiring (src/app/offline.ts) needs them on every signed-in
 * page, while the handlers load with the first send.
 */
export const orderPaymentKeys = {
  /** Under `receivables`, so that any receivable write refreshes an order's payments too. */
  byOrder: (orderId: number) => userQueryKey('receivables', 'by-order', orderId),
};

/** Kinds of the payment writes the outbox queues (their handlers: `paymentOutboxHandlers` in outbox.ts). */
export const PAYMENT_OUTBOX_KINDS = {
  createPayment: 'payment.create',
  confirmPayment: 'payment.confirm',
  undoPayment: 'payment.undo',
} as const;
