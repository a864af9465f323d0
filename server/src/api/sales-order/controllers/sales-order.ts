import { factories } from '@strapi/strapi';
import { ownPartyField } from '../../../utils/scope';
import { scopedActions } from '../../../utils/scoped-controller';

/**
 * Sales orders with the data scope (docs/architecture.md): a dealership sees and writes its
 * orders (user_company_id = me), a dispatcher its own (user_dispatcher_id = me), a salesman the
 * orders he sold or his dealership's. Party fields of a scoped caller come from the JWT.
 */
export default factories.createCoreController('api::sales-order.sales-order', ({ strapi }) => ({
  ...scopedActions('api::sales-order.sales-order', strapi, {
    notFound: 'Pedido não encontrado.',
    force(data, scope, op) {
      const own = ownPartyField(scope);
      if (own) data[own] = scope.userId;
      if (scope.kind === 'salesman') {
        if (op === 'create') {
          data.user_id = scope.userId;
          data.user_company_id = scope.partyUserId;
        } else {
          delete data.user_id;
          delete data.user_company_id;
        }
      }
    },
  }),
}));
