import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::vehicle-type.vehicle-type');
