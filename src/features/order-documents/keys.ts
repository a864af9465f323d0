import { userQueryKey } from '@/lib/session';

/**
 * An order's documents' query keys and the outbox kind of an upload, in a module of their own (no
 * zod, no API code): the offline wiring (src/app/offline.ts) needs them on every signed-in page.
 */
export const orderDocumentKeys = {
  /** Under `sales-orders`, so that an order's refresh refreshes its documents too. */
  byOrder: (orderId: number) => userQueryKey('sales-orders', 'documents', orderId),
};

/** Kind of a queued document upload (its handler: `documentOutboxHandlers` in outbox.ts). */
export const DOCUMENT_OUTBOX_KINDS = { uploadDocument: 'document.upload' } as const;
