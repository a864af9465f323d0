// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';

/** A customer as populated on an order or receivable relation (spec 001 §3 "Customer"). */
export const customerRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.nullish(z.string()),
  cpf_cnpj: z.nullish(z.string()),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;
