import { queryOptions } from '@tanstack/react-query';
import { api, pagedSchema, type ResponseSchema } from '@/lib/api';
import type { Paged } from '@/lib/api/strapi';
import { userQueryKey } from '@/lib/session';

/** How long a select's list stays fresh in memory (5 minutes); a write that changes it refreshes it at once (src/app/lookups.ts). */
export const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * The queryOptions of a select's list (spec 000 §9: up to 100 records, `pagination[pageSize]=100`):
 * GET `path` with `query`, keyed `[user, <path without its slash>, ...key]` — under the collection's
 * root, so a save of that register and the lookup refresh after any write that changes it
 * invalidate it. The service worker caches these requests when the resource is declared `lookup`.
 * @throws ApiError from its query function
 */
export function lookupQuery<T>(path: string, key: readonly unknown[], query: Record<string, unknown>, item: Parameters<typeof pagedSchema>[0]) {
  const page = pagedSchema(item) as unknown as ResponseSchema<Paged<T>>;
  return queryOptions({
    queryKey: userQueryKey(path.slice(1), ...key),
    queryFn: async ({ signal }) => (await api.get(path, { query: { pagination: { page: 1, pageSize: 100 }, ...query }, schema: page, signal })).data,
    staleTime: LOOKUP_STALE_MS,
  });
}
