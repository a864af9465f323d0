import * as z from 'zod/mini';
import { pagedSchema } from '@/lib/api';

/** One changed field: its value before and after the write (JSON as the server stored it). */
const changeSchema = z.object({ old: z.unknown(), new: z.unknown() });

/** A history entry as GET /history-entries answers it (server utils/history). */
export const historyEntrySchema = z.looseObject({
  id: z.number(),
  documentId: z.string(),
  createdAt: z.string(),
  user_id: z.nullish(z.number()),
  user_name: z.nullish(z.string()),
  role_type: z.nullish(z.string()),
  content_type: z.string(),
  record_id: z.nullish(z.number()),
  record_document_id: z.nullish(z.string()),
  parent_document_id: z.nullish(z.string()),
  action: z.enum(['create', 'update', 'delete']),
  changes: z.pipe(
    z.nullish(z.record(z.string(), changeSchema)),
    z.transform((v) => v ?? {}),
  ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A page of entries (Strapi's `meta.pagination`). */
export const historyPageSchema = pagedSchema(historyEntrySchema);
