import { factories } from '@strapi/strapi';

/**
 * The PWA adds `_t={timestamp}` to the list call as a cache-buster (spec 001 §7 "Order
 * documents"); with strictParams any unknown key is a 400, so this route middleware drops it.
 */
const stripCacheBuster = async (ctx: any, next: () => Promise<void>) => {
  if (ctx.query && '_t' in ctx.query) {
    const { _t, ...rest } = ctx.query;
    ctx.query = rest;
  }
  await next();
};

export default factories.createCoreRouter('api::sales-order-document.sales-order-document', {
  config: { find: { middlewares: [stripCacheBuster] }, findOne: { middlewares: [stripCacheBuster] } },
});
