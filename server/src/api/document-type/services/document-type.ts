import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::document-type.document-type');
