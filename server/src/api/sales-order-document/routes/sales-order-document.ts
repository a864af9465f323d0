import { factories } from '@strapi/strapi';

/**
 * Core routes; the list and detail drop the PWA's `_t` cache-buster (src/middlewares/strip-cache-buster.ts);
 * a create carrying an `Idempotency-Key` is answered once and replayed after (middlewares/idempotency.ts).
 */
export default factories.createCoreRouter('api::sales-order-document.sales-order-document', {
  config: {
    find: { middlewares: ['global::strip-cache-buster'] },
    findOne: { middlewares: ['global::strip-cache-buster'] },
    create: { middlewares: ['global::idempotency'] },
  },
});
