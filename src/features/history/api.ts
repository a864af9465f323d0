import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api';
import { userQueryKey } from '@/lib/session';
import { historyPageSchema } from './schema';

const authorsSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.number(), name: z.nullish(z.string()), username: z.nullish(z.string()) })),
});

/** Entries per page of a timeline ('Carregar mais' asks the next). */
export const HISTORY_PAGE_SIZE = 20;

/**
 * Whose history: one record — `type` is the API name (`receivable`, `sales-order`, `user`) and the record is named by
 * its documentId or, for users, its numeric id — or, on the administrators' screen, everything filtered by
 * author and period (`from`/`to`: days, AAAA-MM-DD, read by the server as Brasília days).
 */
export type HistoryTarget =
  | { kind: 'record'; type: string; documentId?: string; recordId?: number }
  | { kind: 'all'; userId?: number | undefined; from?: string | undefined; to?: string | undefined };

function historyQuery(target: HistoryTarget, page: number): { path: string; query: Record<string, unknown> } {
  const pagination = { page, pageSize: HISTORY_PAGE_SIZE };
  if (target.kind === 'record') {
    const record = target.documentId ? { record_document_id: target.documentId } : { record_id: target.recordId };
    return { path: '/history-entries', query: { record_type: target.type, ...record, pagination } };
  }
  const filters = Object.fromEntries(
    Object.entries({ user_id: target.userId, from: target.from, to: target.to }).filter(([, v]) => v !== undefined && v !== ''),
  );
  return { path: '/history-entries/all', query: { ...filters, pagination } };
}

/**
 * The entries of `target`, newest first, a page at a time (GET /history-entries or /history-entries/all, zod-parsed).
 * Never cached as fresh: a timeline opened after a save shows that save. @throws ApiError (404: the record is gone or
 * outside the caller's scope).
 */
export const historyQueries = {
  all: () => userQueryKey('history-entries'),
  pages: (target: HistoryTarget) =>
    infiniteQueryOptions({
      queryKey: [...userQueryKey('history-entries'), target],
      queryFn: async ({ pageParam, signal }) => {
        const { path, query } = historyQuery(target, pageParam);
        return api.get(path, { query, schema: historyPageSchema, signal });
      },
      initialPageParam: 1,
      getNextPageParam: (last) => (last.meta.pagination.page < last.meta.pagination.pageCount ? last.meta.pagination.page + 1 : undefined),
      staleTime: 0,
    }),
};

/** The authors the history screen filters by: every user (id and name), by name, up to 200. */
export const historyAuthors = () =>
  queryOptions({
    queryKey: [...userQueryKey('history-entries'), 'authors'],
    queryFn: async ({ signal }) =>
      (
        await api.get('/users', {
          query: { fields: ['id', 'name', 'username'], sort: ['name:asc'], pagination: { page: 1, pageSize: 200 } },
          schema: authorsSchema,
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
