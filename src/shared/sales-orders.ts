import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { lookupQuery } from './lookup';

/** An order as the receivable form's 'Pedido' select lists it. */
export const salesOrderOptionSchema = z.looseObject({ id: strapiIdSchema, documentId: z.string() });
export type SalesOrderOption = z.infer<typeof salesOrderOptionSchema>;

/** `{id, documentId}` of up to 100 orders, newest first, for the receivable form's 'Pedido' select (spec 001 §7). */
export const salesOrderOptions = () => ({
  ...lookupQuery<SalesOrderOption>('/sales-orders', ['options'], { fields: ['id', 'documentId'], sort: ['id:desc'] }, salesOrderOptionSchema),
  staleTime: 60_000,
});

/**
 * What an order's payments and documents need of the order they belong to: its numeric id, and
 * the dealership and dispatcher users whose document types it may use (a `SalesOrder` is one).
 */
export interface OrderRef {
  id: number;
  user_company_id?: { id: number } | null;
  user_dispatcher_id?: { id: number } | null;
}
