import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::company-agreement.company-agreement');
