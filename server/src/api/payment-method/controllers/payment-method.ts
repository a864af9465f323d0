import { factories } from '@strapi/strapi';

/** Shared lookup table (no data scope); malformed filters answer 400 in global::query-shape. */
export default factories.createCoreController('api::payment-method.payment-method');
