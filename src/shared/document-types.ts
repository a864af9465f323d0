import { queryOptions } from '@tanstack/react-query';
// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api } from '@/lib/api/client';
import { pagedSchema, strapiIdSchema } from '@/lib/api/strapi';
import { userQueryKey } from '@/lib/session';
import { LOOKUP_STALE_MS } from './lookup';

/**
 * Document types as the orders' documents use them (spec 000 §2.10, spec 001 §3, §7): the reference
 * schema and the types a dealership's orders may use (a cached lookup: the document types
 * declaration). The register screens' record and form are the document-types feature's.
 */

/** A document type (spec 001 §3 "Sales order document ... document_type (name)"). */
export const documentTypeSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  name: z.string(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** A document type as an order document's relation carries it: the name may be absent. */
export const documentTypeRefSchema = z.partial(documentTypeSchema, { name: true });

/** Document types of the order's dealership: `filters[user_company_id][id][$eq]=N&populate=*` (spec 001 §7), up to 100 by name. */
export function documentTypesQuery(companyUserId?: number | null): Record<string, unknown> {
  const query: Record<string, unknown> = { populate: '*', pagination: { pageSize: 100 }, sort: ['name:asc'] };
  if (companyUserId) query.filters = { user_company_id: { id: { $eq: companyUserId } } };
  return query;
}

const documentTypePage = pagedSchema(documentTypeSchema);

/**
 * GET /document-types?filters[user_company_id][id][$eq]=N&populate=* (spec 001 §7); on failure
 * falls back to the unfiltered list filtered locally. `null` → every type the caller can see.
 * @throws ApiError when both fail ('Erro ao buscar tipos de documento.' on screen).
 */
export async function fetchDocumentTypes(companyUserId: number | null | undefined, signal?: AbortSignal): Promise<DocumentType[]> {
  try {
    return (await api.get('/document-types', { query: documentTypesQuery(companyUserId), schema: documentTypePage, signal })).data;
  } catch (error) {
    if (!companyUserId || signal?.aborted) throw error;
    const all = (await api.get('/document-types', { query: documentTypesQuery(null), schema: documentTypePage, signal })).data;
    return all.filter((t) => {
      const ref = (t as { user_company_id?: { id?: number } | number | null }).user_company_id;
      const id = typeof ref === 'number' ? ref : ref?.id;
      return id === undefined || id === companyUserId;
    });
  }
}

/** Types of the order's dealership (its user id), 5 minutes fresh; a failure toasts 'Erro ao buscar tipos de documento.'. */
export const documentTypesForCompany = (companyUserId: number | null | undefined) =>
  queryOptions({
    queryKey: userQueryKey('document-types', 'for-company', companyUserId ?? 0),
    queryFn: ({ signal }) => fetchDocumentTypes(companyUserId, signal),
    staleTime: LOOKUP_STALE_MS,
    meta: { errorMessage: 'Erro ao buscar tipos de documento.', useServerMessage: false },
  });
