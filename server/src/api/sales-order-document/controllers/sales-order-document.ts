import { factories } from '@strapi/strapi';
import { assertOrderVisible, scopedActions } from '../../../utils/scoped-controller';

/** Scoped through the order: a caller sees and writes only rows of orders visible to them (docs/architecture.md). */
export default factories.createCoreController('api::sales-order-document.sales-order-document', ({ strapi }) => ({
  ...scopedActions('api::sales-order-document.sales-order-document', strapi, {
    notFound: 'Documento não encontrado',
    async force(data, scope, op) {
      await assertOrderVisible(strapi, scope, data, 'sales_order', op === 'create');
    },
  }),
}));
