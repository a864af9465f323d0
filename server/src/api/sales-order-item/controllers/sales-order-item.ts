import { factories } from '@strapi/strapi';
import { assertOrderVisible, scopedActions } from '../../../utils/scoped-controller';

/** Scoped through the order: a caller sees and writes only rows of orders visible to them (docs/architecture.md). */
export default factories.createCoreController('api::sales-order-item.sales-order-item', ({ strapi }) => ({
  ...scopedActions('api::sales-order-item.sales-order-item', strapi, {
    notFound: 'Item não encontrado',
    async force(data, scope, op) {
      await assertOrderVisible(strapi, scope, data, 'sales_order', op === 'create');
    },
  }),
}));
