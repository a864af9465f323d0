import { assertFilterShape, guardQuery } from '../utils/query-errors';

/**
 * `global::query-shape`, right after strapi::query (issue 2 "Malformed query strings ...: all 4xx").
 * For every content-API request: a malformed `filters` tree (an object given to `$eq`, `$or` that
 * is not a list, ...) answers 400 'Filtro inválido' before any handler runs, and the query-builder
 * errors Strapi 5.54 raises as plain Errors (→ 500) for other malformed filters become the same 400.
 * One place for every endpoint, stock ones (/users) included; see utils/query-errors.ts.
 */
export default () => async (ctx: any, next: () => Promise<void>) => {
  if (!ctx.path.startsWith('/api/')) return next();
  assertFilterShape(ctx.query?.filters);
  return guardQuery(next);
};
