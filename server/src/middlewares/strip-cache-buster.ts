import type { AppContext } from '../utils/types';

/**
 * `global::strip-cache-buster`, a route middleware of the order-documents list and detail: the
 * PWA adds `_t={timestamp}` to that call as a cache-buster (spec 001 §7 "Order documents"); with
 * strictParams any unknown key is a 400, so it is dropped before the query is validated.
 */
export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  if (ctx.query && '_t' in ctx.query) {
    const { _t, ...rest } = ctx.query;
    ctx.query = rest;
  }
  await next();
};
