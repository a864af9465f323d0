import { exportRoute } from '../../../utils/export';

/**
 * Company custom actions (spec 001 §7 "Dispatchers", spec 000 §6). Loaded before the core
 * router so /companies/me/... and /companies/createDispatcher are not taken as :id.
 * createDispatcher/deleteDispatcher are for administrators only (global::is-admin).
 */
type Policy = string | { name: string; config: Record<string, unknown> };
const adminOnly = (message: string): Policy => ({ name: 'global::is-admin', config: { message } });

const r = (method: string, path: string, action: string, policies: Policy[] = []) => ({
  method,
  path,
  handler: `api::company.company.${action}`,
  config: { policies },
});

export default {
  routes: [
    // "Exportar" of the list (utils/export): holders of company.find
    exportRoute('api::company.company', '/companies'),
    r('POST', '/companies/createDispatcher', 'createDispatcher', [adminOnly('Apenas administradores podem cadastrar despachantes.')]),
    r('DELETE', '/companies/deleteDispatcher/:id', 'deleteDispatcher', [adminOnly('Apenas administradores podem excluir despachantes.')]),
    r('PUT', '/companies/:id/updateCompanies', 'updateCompanies'),
    r('GET', '/companies/me/users', 'getCompanyUsers'),
    r('GET', '/companies/me/notifications', 'getCompanyNotifications'),
    r('GET', '/companies/me/notifications/unread', 'getCompanyNotificationsUnread'),
    r('PUT', '/companies/me/notifications/:id/read', 'updateNotificationReadStatus'),
    r('GET', '/companies/me/payment-methods', 'getCompanyPaymentMethods'),
    r('GET', '/companies/me/sales-items-simulation', 'getCompanySalesItemsSimulation'),
    r('GET', '/companies/me/orders', 'getCompanyOrders'),
    r('GET', '/companies/me/orders/:id', 'getCompanyOrder'),
    r('POST', '/companies/me/orders', 'createCompanyOrder'),
    r('GET', '/companies/me/vehicle-types', 'getCompanyVehicleTypes'),
  ],
};
