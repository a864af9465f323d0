import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::history-entry.history-entry');
