import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sales-order.sales-order');
