import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api, ifMatchHeaders, singleSchema } from '@/lib/api';
import { userQueryKey } from '@/lib/session';
import { documentTypeRecordSchema, partyId, type DocumentTypeRecord } from './schema';

/**
 * The data layer of the document-type screens (spec 000 §2.10, §7); the types an order may use are
 * shared reference data (src/shared/document-types.ts).
 */
export const documentTypeKeys = {
  all: () => userQueryKey('document-types'),
};

// `{data}` of a start/limit page: the register screen's list is not a select's lookup (the service
// worker serves `pagination[pageSize]=100` lists stale-while-revalidate; an edited row must show at once).
const recordPage = z.looseObject({ data: z.array(documentTypeRecordSchema) });

/**
 * The screen's list (spec 000 §2.10, §7 "GET /document-types"): `populate=*`; if that call fails,
 * `populate[0]=user_dispatcher_id&populate[1]=user_company_id`, then no populate (names show '-').
 * A dealership user (type company) gets `filters[user_company_id][id][$eq]=own id` first and, if
 * that fails, the unfiltered list filtered here. @throws ApiError when every attempt fails
 * ('Erro ao buscar tipos de documento.').
 */
export async function fetchDocumentTypeRecords(companyUserId: number | null, signal?: AbortSignal): Promise<DocumentTypeRecord[]> {
  const base = { pagination: { start: 0, limit: 100 }, sort: ['name:asc'] };
  const attempts: Record<string, unknown>[] = [{ ...base, populate: '*' }, { ...base, populate: ['user_dispatcher_id', 'user_company_id'] }, base];
  if (companyUserId) {
    try {
      return (
        await api.get('/document-types', {
          query: { ...base, populate: '*', filters: { user_company_id: { id: { $eq: companyUserId } } } },
          schema: recordPage,
          signal,
        })
      ).data;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  let lastError: unknown;
  for (const query of attempts) {
    try {
      const rows = (await api.get('/document-types', { query, schema: recordPage, signal })).data;
      return companyUserId ? rows.filter((t) => [undefined, companyUserId].includes(partyId(t.user_company_id))) : rows;
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export const documentTypeRecordKeys = {
  list: (companyUserId: number | null) => [...documentTypeKeys.all(), 'records', companyUserId ?? 0] as const,
  detail: (id: string) => [...documentTypeKeys.all(), 'record', id] as const,
};

export const documentTypeRecordQueries = {
  /** The /document-type table; a failure toasts 'Erro ao buscar tipos de documento.' and shows the empty table. */
  list: (companyUserId: number | null) =>
    queryOptions({
      queryKey: documentTypeRecordKeys.list(companyUserId),
      queryFn: ({ signal }) => fetchDocumentTypeRecords(companyUserId, signal),
      retry: 0,
      meta: { errorMessage: 'Erro ao buscar tipos de documento.', useServerMessage: false },
    }),
  /** GET /document-types/{documentId}?populate=* for the edit modal. */
  detail: (id: string) =>
    queryOptions({
      queryKey: documentTypeRecordKeys.detail(id),
      queryFn: async ({ signal }) =>
        (await api.get(`/document-types/${encodeURIComponent(id)}`, { query: { populate: '*' }, schema: singleSchema(documentTypeRecordSchema), signal })).data,
      retry: 0,
      meta: { errorMessage: 'Erro ao buscar tipos de documento.', useServerMessage: false },
    }),
};

type DocumentTypePayload = { name: string; user_dispatcher_id: number; user_company_id: number };

/** POST /document-types {data:{name, user_dispatcher_id, user_company_id}}. @throws ApiError ('Erro ao salvar documento: {message}') */
export async function createDocumentType(data: DocumentTypePayload): Promise<void> {
  await api.post('/document-types', { data });
}

/**
 * PUT /document-types/{documentId} {data}, started from `version` (`If-Match`: a type changed since is
 * refused, its message shown in the toast). @throws ApiError ('Erro ao salvar documento: {message}')
 */
export async function updateDocumentType(documentId: string, data: DocumentTypePayload, version?: string): Promise<void> {
  await api.put(`/document-types/${encodeURIComponent(documentId)}`, { data }, { headers: ifMatchHeaders(version) });
}

/** DELETE /document-types/{documentId}. @throws ApiError ('Erro ao excluir tipo de documento.') */
export async function deleteDocumentType(documentId: string): Promise<void> {
  await api.delete(`/document-types/${encodeURIComponent(documentId)}`);
}
