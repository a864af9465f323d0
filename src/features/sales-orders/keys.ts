import { userQueryKey } from '@/lib/session';
import type { SalesOrderSearch } from './schema';

/** The orders' query keys, in a module of their own (no zod, no API code; api.ts re-exports them). */
export const salesOrderKeys = {
  all: () => userQueryKey('sales-orders'),
  lists: () => [...salesOrderKeys.all(), 'list'] as const,
  list: (search: SalesOrderSearch) => [...salesOrderKeys.lists(), search] as const,
  detail: (documentId: string) => [...salesOrderKeys.all(), 'detail', documentId] as const,
};

/** Kinds of the order writes the outbox queues (their handlers: `orderOutboxHandlers` in outbox.ts). */
export const ORDER_OUTBOX_KINDS = { updateOrder: 'order.update' } as const;
