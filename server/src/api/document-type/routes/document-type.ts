import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::document-type.document-type');
