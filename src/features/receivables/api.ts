import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ifMatchHeaders, isApiError, pagedSchema, singleSchema } from '@/lib/api';
import { listRequestMeta } from '@/lib/api/list-request';
import { userQueryKey } from '@/lib/session';
import { RECEIVABLE_POPULATE, receivableListQuery } from './strapi-query';
import { receivableSchema, type Receivable, type ReceivablePayload, type ReceivableSearch } from './schema';

/**
 * The data layer of receivables (spec 001 §7 "Receivables"). Money of parsed records is in
 * centavos; bodies carry reais (schema.ts). Keys start with the user id; order payments live
 * under the same `receivables` root so writes here refresh them too.
 */
export const receivableKeys = {
  all: () => userQueryKey('receivables'),
  lists: () => [...receivableKeys.all(), 'list'] as const,
  list: (search: ReceivableSearch) => [...receivableKeys.lists(), search] as const,
  detail: (id: string) => [...receivableKeys.all(), 'detail', id] as const,
};

const receivablePage = pagedSchema(receivableSchema);

/** GET /receivables with the four relations populated, filters, sort and paging (default 25). @throws ApiError */
export function fetchReceivables(search: ReceivableSearch, signal?: AbortSignal) {
  return api.get('/receivables', { query: receivableListQuery(search), schema: receivablePage, signal });
}

/** GET /receivables/{id} (numeric id or documentId), populated. @throws ApiError (404 'Não encontrado') */
export async function fetchReceivable(id: string, signal?: AbortSignal): Promise<Receivable> {
  const answer = await api.get(`/receivables/${encodeURIComponent(id)}`, {
    query: { populate: [...RECEIVABLE_POPULATE] },
    schema: singleSchema(receivableSchema),
    signal,
  });
  return answer.data;
}

export const receivableQueries = {
  list: (search: ReceivableSearch) =>
    queryOptions({
      queryKey: receivableKeys.list(search),
      queryFn: ({ signal }) => fetchReceivables(search, signal),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os recebimentos: {message}', ...listRequestMeta('/receivables', receivableListQuery(search)) },
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: receivableKeys.detail(id),
      queryFn: ({ signal }) => fetchReceivable(id, signal),
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/**
 * POST /receivables {data} with `Idempotency-Key` (one per logical action, kept across retries).
 * Returns the created receivable (centavos). @throws ApiError
 */
export async function createReceivable(data: ReceivablePayload, idempotencyKey: string): Promise<Receivable> {
  const answer = await api.post('/receivables', { data }, { headers: { 'Idempotency-Key': idempotencyKey }, schema: singleSchema(receivableSchema) });
  return answer.data;
}

/** PUT /receivables/{id or documentId} {data}, started from `version` (`If-Match`). @throws ApiError (409 when it changed since `version`) */
export async function updateReceivable(id: string, data: ReceivablePayload, version?: string): Promise<Receivable> {
  const answer = await api.put(
    `/receivables/${encodeURIComponent(id)}`,
    { data },
    { headers: ifMatchHeaders(version), schema: singleSchema(receivableSchema) },
  );
  return answer.data;
}
