import { keepPreviousData, queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { ListSearch } from '../list-search';
import { listPath, type Resource } from '../resources';
import { userQueryKey } from '../session';
import { api, type ResponseSchema } from './client';
import { ifMatchHeaders } from './edit-version';
import { isApiError } from './errors';
import { resourceListQuery } from './list-query';
import { listRequestMeta } from './list-request';
import { pagedSchema, singleSchema, type ListQueryInput, type Paged } from './strapi';

/** A 4xx is the answer (not found, forbidden): no retry; anything else once. */
export const retryUnlessClientError = (count: number, error: Error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1;

/** The server-side part of a list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const listInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

export interface CollectionOptions<S extends z.core.$ZodType> {
  /** The record as the API answers it (zod, classic or mini). */
  schema: S;
  /** The list's load failure (spec 000 §8 / 001 §8), e.g. 'Erro ao carregar os estados: {message}' ({message}: the server's). */
  loadError: string;
  /** Relations populated when one record is read. */
  populate?: '*' | readonly string[];
}

/**
 * The one data layer of a list-and-form register (docs/decisions.md "One data layer for the registers"; react-admin's
 * one data-provider shape), from its declaration (`features/<x>/resource.ts`: path, list query) and
 * its record schema:
 * - `keys`: the query keys, all under `userQueryKey(<path without its slash>)`, the root the lookup
 *   refresh (src/app/lookups.ts) and a save invalidate;
 * - `list(input)` (GET path with `resourceListQuery`: populate, filters, sort, page; the previous
 *   page stays on screen; a failure toasts `loadError` once and the list shows empty), `listInput`
 *   (the URL state's server part), `detail(documentId)` (a 4xx is not retried);
 * - `create(data)`, `update(documentId, data, version?)` (POST/PUT `{data}`, the saved record parsed;
 *   an update started from `version`, the record's `updatedAt`, sends it as `If-Match`) and
 *   `remove(documentId)`. Writes throw ApiError with the server's message; every write passes the
 *   Strapi client, whose write listeners refresh the cached lookups it changes.
 */
export function collection<S extends z.core.$ZodType>(resource: Resource, { schema, loadError, populate }: CollectionOptions<S>): Collection<z.output<S>> {
  type Row = z.output<S>;
  const path = listPath(resource);
  const at = (documentId: string) => `${path}/${encodeURIComponent(documentId)}`;
  // The envelopes of the record schema, typed by its output (zod's generic inference stops at S).
  const page = pagedSchema(schema) as unknown as ResponseSchema<Paged<Row>>;
  const single = singleSchema(schema) as unknown as ResponseSchema<{ data: Row }>;
  const keys = {
    all: (): QueryKey => userQueryKey(path.slice(1)),
    list: (input: ListQueryInput): QueryKey => [...keys.all(), 'list', input],
    detail: (documentId: string): QueryKey => [...keys.all(), 'detail', documentId],
  };
  return {
    resource,
    keys,
    listInput,
    list: (input: ListQueryInput) =>
      queryOptions({
        queryKey: keys.list(input),
        queryFn: async ({ signal }) => api.get(path, { query: resourceListQuery(resource, input), schema: page, signal }),
        placeholderData: keepPreviousData,
        retry: 0,
        meta: { errorMessage: loadError, ...listRequestMeta(path, resourceListQuery(resource, input)) },
      }),
    detail: (documentId: string) =>
      queryOptions({
        queryKey: keys.detail(documentId),
        queryFn: async ({ signal }) => (await api.get(at(documentId), { ...(populate ? { query: { populate } } : {}), schema: single, signal })).data,
        retry: retryUnlessClientError,
      }),
    /** POST {data} → the created record. @throws ApiError */
    create: async (data: unknown): Promise<Row> => (await api.post(path, { data }, { schema: single })).data,
    /** PUT /{documentId} {data} with `If-Match` of `version` (when given) → the saved record. @throws ApiError (409 when the record changed since `version`) */
    update: async (documentId: string, data: unknown, version?: string): Promise<Row> =>
      (await api.put(at(documentId), { data }, { schema: single, headers: ifMatchHeaders(version) })).data,
    /** DELETE /{documentId}. @throws ApiError */
    remove: async (documentId: string): Promise<void> => {
      await api.delete(at(documentId));
    },
  };
}

/** The data layer of one register, made by {@link collection}: what the register kit (list, form) and the route loaders use. */
export interface Collection<Row> {
  resource: Resource;
  keys: { all(): QueryKey; list(input: ListQueryInput): QueryKey; detail(documentId: string): QueryKey };
  listInput(search: ListSearch): ListQueryInput;
  list(input: ListQueryInput): UseQueryOptions<Paged<Row>, Error, Paged<Row>, QueryKey>;
  detail(documentId: string): UseQueryOptions<Row, Error, Row, QueryKey>;
  create(data: unknown): Promise<Row>;
  update(documentId: string, data: unknown, version?: string): Promise<Row>;
  remove(documentId: string): Promise<void>;
}
