import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::vehicle-type.vehicle-type');
