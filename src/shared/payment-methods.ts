// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { lookupQuery } from './lookup';

/** A payment method as a select option or a populated relation (spec 001 §3 "Payment method (reference)"). */
export const paymentMethodRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.string(),
  max_installments: z.nullish(z.number()),
  is_active: z.nullish(z.boolean()),
});
export type PaymentMethodRef = z.infer<typeof paymentMethodRefSchema>;

/** The options' query key (tests seed it). */
export const paymentMethodOptionsKey = ['options'] as const;

/** Payment methods `{id, name, max_installments, is_active}` for the payment selects (spec 001 §7): up to 100, by name. */
export const paymentMethodOptions = () =>
  lookupQuery<PaymentMethodRef>(
    '/payment-methods',
    paymentMethodOptionsKey,
    { fields: ['name', 'max_installments', 'is_active'], sort: ['name:asc'] },
    paymentMethodRefSchema,
  );
