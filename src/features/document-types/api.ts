import { queryOptions } from '@tanstack/react-query';
import { api, pagedSchema } from '@/lib/api';
import { userQueryKey } from '@/lib/session';
import { documentTypeSchema, type DocumentType } from './schema';

/** The data layer of document types (spec 001 §7). Today: the types a dealership's orders may use. */

export const documentTypeKeys = {
  all: () => userQueryKey('document-types'),
  forCompany: (companyUserId: number | null | undefined) => [...documentTypeKeys.all(), 'for-company', companyUserId ?? 0] as const,
};

/** Document types of the order's dealership: `filters[user_company_id][id][$eq]=N&populate=*` (spec 001 §7). */
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

export const documentTypeQueries = {
  /** Types of the order's dealership (its user id), 5 minutes fresh. */
  forCompany: (companyUserId: number | null | undefined) =>
    queryOptions({
      queryKey: documentTypeKeys.forCompany(companyUserId),
      queryFn: ({ signal }) => fetchDocumentTypes(companyUserId, signal),
      staleTime: 5 * 60_000,
      meta: { errorMessage: 'Erro ao buscar tipos de documento.', useServerMessage: false },
    }),
};
