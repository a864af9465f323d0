/**
 * The home's figures (docs/architecture.md "The home's figures"): one GET per widget, each its own
 * permission action (seed/role-permissions.ts grants it with the list it counts). The guards of every
 * content-API route (utils/route-guards.ts) apply as to any other route.
 */
const get = (path: string, action: string) => ({ method: 'GET', path, handler: `api::dashboard.dashboard.${action}`, config: {} });

export default {
  routes: [
    get('/dashboard/orders-by-status', 'ordersByStatus'),
    get('/dashboard/receivables-pending', 'receivablesPending'),
    get('/dashboard/receivables-monthly', 'receivablesMonthly'),
  ],
};
