import { factories } from '@strapi/strapi';

/** A create carrying an `Idempotency-Key` is answered once and replayed after (middlewares/idempotency.ts). */
export default factories.createCoreRouter('api::receivable.receivable', {
  config: { create: { middlewares: ['global::idempotency'] } },
});
