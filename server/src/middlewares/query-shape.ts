import { assertFieldsShape, assertFilterShape, assertNoPrototypeNames, assertPaginationShape, assertSortShape, guardQuery } from '../utils/query-errors';
import type { AppContext } from '../utils/types';

/**
 * `global::query-shape`, a route middleware of every content-API route (utils/route-guards.ts), so it
 * runs on whatever spelling of the path the router matched (`/API/sales-orders` included).
 * For every content-API request: a malformed `filters` tree (an object given to `$eq`, `$or` that
 * is not a list, `$between` without two values, a list where the tree goes, ...) or a pagination
 * value that is not a 32-bit integer, an empty field name in `fields` or a field named like an
 * Object.prototype property (`fields=toString`) answers 400 before any handler runs, and the query-builder
 * errors Strapi 5.54 raises as plain Errors (→ 500) for other malformed filters become the same 400.
 * One place for every endpoint, stock ones (/users) included; see utils/query-errors.ts.
 */
export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  assertFilterShape(ctx.query?.filters);
  assertPaginationShape(ctx.query);
  assertSortShape(ctx.query);
  assertFieldsShape(ctx.query);
  assertNoPrototypeNames(ctx.query);
  return guardQuery(next);
};
