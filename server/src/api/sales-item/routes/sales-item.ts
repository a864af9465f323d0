import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sales-item.sales-item');
