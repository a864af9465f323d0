import { factories } from '@strapi/strapi';

/** States: the core controller; the rules (trim, upper case, unique abbreviation) are the service's (checkedService). */
export default factories.createCoreController('api::state.state');
