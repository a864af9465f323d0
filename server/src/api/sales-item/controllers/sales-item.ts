import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::sales-item.sales-item');
