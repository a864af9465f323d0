// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema, strapiRelation } from '@/lib/api/strapi';
import { documentTypeRefSchema } from '@/shared/document-types';

/** An uploaded file as Strapi's media relation returns it. */
export const mediaSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.nullish(z.string()),
  url: z.string(),
  mime: z.nullish(z.string()),
  ext: z.nullish(z.string()),
});
export type Media = z.infer<typeof mediaSchema>;

/** An order document, `GET /sales-order-documents?populate=*` (spec 001 §3). */
export const orderDocumentSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  sales_order: strapiRelation(z.looseObject({ id: strapiIdSchema, documentId: z.optional(z.string()) })),
  document_type: strapiRelation(documentTypeRefSchema),
  content: z.nullish(mediaSchema),
  createdAt: z.nullish(z.string()),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;
