import { factories } from '@strapi/strapi';
import { scopedActions } from '../../../utils/scoped-controller';

/** Notifications: everyone but administrators sees and writes only their own (user = me). */
export default factories.createCoreController('api::notification.notification', ({ strapi }) => ({
  ...scopedActions('api::notification.notification', strapi, {
    notFound: 'Notificação não encontrada',
    force(data, scope) {
      data.user = scope.userId;
    },
  }),
}));
