import type { Core, UID } from '@strapi/strapi';
import { errors, pagination as paging } from '@strapi/utils';
import type { Json } from './types';

/** The answer of a list: the page's documents and Strapi's `meta.pagination` (with `total`/`pageCount` when counted). */
export interface Page {
  results: unknown[];
  pagination: Record<string, number>;
}

const TRUE = ['true', 't', '1', 1];
const FALSE = ['false', 'f', '0', 0];

/**
 * Whether the list is counted: `pagination.withCount` when sent (boolean, or 'true'/'t'/'1'/'false'/'f'/'0'),
 * else `api.rest.withCount` (config/api.ts: true). Throws Strapi's ValidationError for any other value.
 */
function shouldCount(strapi: Core.Strapi, params: Json): boolean {
  const pagination = params.pagination as Json | undefined;
  if (pagination && Object.hasOwn(pagination, 'withCount')) {
    const withCount = pagination.withCount;
    if (typeof withCount === 'boolean') return withCount;
    if (withCount === undefined) return false;
    if (TRUE.includes(withCount as string | number)) return true;
    if (FALSE.includes(withCount as string | number)) return false;
    throw new errors.ValidationError('Paginação inválida: pagination[withCount] deve ser true, false, t, f, 1 ou 0.', { source: 'query', param: 'pagination' });
  }
  return Boolean(strapi.config.get('api.rest.withCount', true));
}

/**
 * Strapi's collection-type `find` (core-api service: `status` defaulting to 'published', the page from
 * `pagination` with `api.rest.defaultLimit`/`maxLimit`, the count when `withCount`, the same
 * `meta.pagination` shapes, paged or offset) with the page's `findMany` and its `count` sent together
 * instead of one after the other, as the bench's core find does: on
 * PostgreSQL the two run on two connections, so the answer waits for the longer, not for both. Same
 * Document Service calls with the same params, so every middleware (search rewrite, scope) applies to
 * both. Used by the scoped find (utils/scoped-controller.ts) instead of the core service's `find`: an
 * API whose service overrides `find` must not use it. Throws what the Document Service throws
 * (ValidationError/PaginationError for bad pagination, as Strapi).
 */
export async function findPage(strapi: Core.Strapi, uid: UID.ContentType, params: Json): Promise<Page> {
  const fetchParams: Json = { status: 'published', ...params };
  // Everything that can throw is decided before the first query starts: a throw between starting
  // findMany and awaiting it would leave its rejection unhandled, and Node exits on that.
  const window = pageWindowOf(strapi, fetchParams);
  const query = { ...fetchParams, start: window.start, limit: window.limit };
  const documents = strapi.documents(uid);
  const [results, total] = await Promise.all([documents.findMany(query as never), window.counted ? documents.count(query as never) : undefined]);
  if (total !== undefined && typeof total !== 'number') throw new Error('Count should be a number');
  return { results: results as unknown[], pagination: paginationOf(window, total) };
}

/** The window a list request asks for: first row (`start`) and row count (`limit`), paged or offset, and whether it is counted. */
export interface PageWindowAsked {
  start: number;
  limit: number;
  isPaged: boolean;
  counted: boolean;
}

/**
 * The window of a list request's `pagination` as Strapi's core find reads it (`api.rest.defaultLimit`/`maxLimit`,
 * paged or offset) and whether it is counted (shouldCount). Throws Strapi's ValidationError/PaginationError for bad pagination.
 */
export function pageWindowOf(strapi: Core.Strapi, params: Json): PageWindowAsked {
  const defaultLimit = Number(strapi.config.get('api.rest.defaultLimit', 25));
  const maxLimit = Number(strapi.config.get('api.rest.maxLimit')) || null;
  const requested = (params.pagination ?? {}) as Json;
  const { start, limit } = paging.withDefaultPagination(requested, {
    defaults: { offset: { limit: defaultLimit }, page: { pageSize: defaultLimit } },
    maxLimit: maxLimit || -1,
  }) as { start: number; limit: number };
  const has = (key: string) => Object.hasOwn(requested, key);
  const isPaged = has('page') || has('pageSize') || !(has('start') || has('limit'));
  return { start, limit, isPaged, counted: shouldCount(strapi, params) };
}

/** Strapi's `meta.pagination` for `window` and `total` (undefined: not counted, so no `total`/`pageCount`). */
export function paginationOf(window: PageWindowAsked, total: number | undefined): Record<string, number> {
  const transform = window.isPaged ? paging.transformPagedPaginationInfo : paging.transformOffsetPaginationInfo;
  const pagination = transform({ start: window.start, limit: window.limit }, total ?? 0) as unknown as Record<string, number>;
  if (total === undefined) {
    delete pagination.total;
    delete pagination.pageCount;
  }
  return pagination;
}
