import { assertFieldsShape, assertFilterShape, assertNoPrototypeNames, assertPaginationShape, assertSortShape, guardQuery } from '../utils/query-errors';
import type { AppContext } from '../utils/types';

/**
 * `global::query-shape`, right after strapi::query (issue 2 "Malformed query strings ...: all 4xx";
 * issue 8 item 6 "No request answers 5xx because of its query").
 * For every content-API request: a malformed `filters` tree (an object given to `$eq`, `$or` that
 * is not a list, `$between` without two values, a list where the tree goes, ...) or a pagination
 * value that is not a 32-bit integer, an empty field name in `fields` or a field named like an
 * Object.prototype property (`fields=toString`) answers 400 before any handler runs, and the query-builder
 * errors Strapi 5.54 raises as plain Errors (→ 500) for other malformed filters become the same 400.
 * One place for every endpoint, stock ones (/users) included; see utils/query-errors.ts.
 */
export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  if (!ctx.path.startsWith('/api/')) return next();
  assertFilterShape(ctx.query?.filters);
  assertPaginationShape(ctx.query);
  assertSortShape(ctx.query);
  assertFieldsShape(ctx.query);
  assertNoPrototypeNames(ctx.query);
  return guardQuery(next);
};
