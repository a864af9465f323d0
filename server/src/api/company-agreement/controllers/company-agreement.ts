import { factories } from '@strapi/strapi';
import { ownPartyField } from '../../../utils/scope';
import { errors } from '@strapi/utils';
import { scopedActions } from '../../../utils/scoped-controller';

/**
 * Agreements (spec 001 §7 "Agreements"): a dealership sees and writes the agreements where it
 * is user_company_id, a dispatcher where it is user_dispatcher_id (forced from the JWT on
 * create and update); salesmen have none.
 */
export default factories.createCoreController('api::company-agreement.company-agreement', ({ strapi }) => ({
  ...scopedActions('api::company-agreement.company-agreement', strapi, {
    notFound: 'Vínculo não encontrado',
    force(data, scope) {
      const own = ownPartyField(scope);
      if (own) data[own] = scope.userId;
      else throw new errors.PolicyError('Você não tem permissão para alterar vínculos.');
    },
  }),
}));
