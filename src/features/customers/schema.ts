import { z } from 'zod';
import { strapiIdSchema } from '@/lib/api/strapi';

/**
 * Customers (spec 001 §3): the reference schema of a populated `customer_id` relation. The
 * customers screens fill in the full record, form and list search here.
 */

/** A customer as populated on an order or receivable relation. */
export const customerRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string().optional(),
  name: z.string().nullish(),
  cpf_cnpj: z.string().nullish(),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;
