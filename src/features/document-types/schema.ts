import { z } from 'zod';
import { strapiIdSchema } from '@/lib/api/strapi';

/**
 * Document types (spec 000 §2.10, spec 001 §3): the reference schema used by order documents.
 * The document-type screens fill in the full record and form here.
 */

/** A document type (spec 001 §3 "Sales order document ... document_type (name)"). */
export const documentTypeSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string().optional(),
  name: z.string(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;
