// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { moneySchema, strapiIdSchema, strapiRelation } from '@/lib/api/strapi';
import { paymentMethodRefSchema } from '@/shared/payment-methods';

/**
 * A payment on an order: a receivable listed by `pedido_id` (spec 001 §3, §7). Money in centavos.
 * `status_in` stays raw so the table can show 'Indefinido' or the unknown value.
 */
export const orderPaymentSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  pedido_id: z.nullish(z.number().check(z.int())),
  custom_document_id: z.nullish(z.string()),
  payment_method_id: strapiRelation(z.partial(paymentMethodRefSchema, { name: true })),
  amount_original: moneySchema,
  amount_final: moneySchema,
  installments: z.nullish(z.number().check(z.int())),
  status_in: z.nullish(z.string()),
  payment_date: z.nullish(z.string()),
  card_brand: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;
