import { z } from 'zod';
import { strapiIdSchema } from '@/lib/api/strapi';

/**
 * Payment methods (spec 001 §3 "Payment method (reference)"): the reference schema of a
 * select option or populated relation. The payment-method screens fill in the rest here.
 */

/** A payment method as a select option. */
export const paymentMethodRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string().optional(),
  name: z.string(),
  max_installments: z.number().nullish(),
  is_active: z.boolean().nullish(),
});
export type PaymentMethodRef = z.infer<typeof paymentMethodRefSchema>;
