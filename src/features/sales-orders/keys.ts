import { userQueryKey } from '@/lib/session';
import type { SalesOrderSearch } from './schema';

/**
 * The orders' query keys and outbox kinds, in a module of their own (no zod, no API code): the
 * offline wiring (src/app/offline.ts) needs them on every signed-in page, while the handlers
 * and the rest of api.ts load with the first send or the first order screen (issue 14).
 * api.ts re-exports both.
 */

export const salesOrderKeys = {
  all: () => userQueryKey('sales-orders'),
  lists: () => [...salesOrderKeys.all(), 'list'] as const,
  list: (search: SalesOrderSearch) => [...salesOrderKeys.lists(), search] as const,
  detail: (documentId: string) => [...salesOrderKeys.all(), 'detail', documentId] as const,
  options: () => [...salesOrderKeys.all(), 'options'] as const,
  documents: (orderId: number) => [...salesOrderKeys.all(), 'documents', orderId] as const,
  /** Under `receivables` so that any receivable write refreshes an order's payments too. */
  payments: (orderId: number) => userQueryKey('receivables', 'by-order', orderId),
};

/** Kinds of the order writes the outbox queues (their handlers: `salesOrderOutboxHandlers` in outbox.ts). */
export const OUTBOX_KINDS = {
  createPayment: 'payment.create',
  confirmPayment: 'payment.confirm',
  undoPayment: 'payment.undo',
  uploadDocument: 'document.upload',
} as const;
