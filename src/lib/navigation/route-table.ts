import { permission, type Permission } from '../permissions';

/**
 * The route table of spec 000 §2.1 and the business screens of spec 001 §2, declared
 * once. Each route file passes its entry as `staticData` (`staticData: routeMeta('/users')`),
 * the guard reads it from the matched route, and the sidebar reads the same permissions.
 * `permission` undefined on a non-public route means "no gate beyond login".
 */
export interface RouteMeta {
  /** Reachable without a session (only /login). */
  public?: boolean;
  /** The permission needed to open the route. */
  permission?: Permission;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    public?: boolean;
    permission?: Permission;
  }
}

const user = (action: string) => permission('users-permissions', 'user', action);
const role = (action: string) => permission('users-permissions', 'role', action);
const crud = (name: string) => ({
  find: permission(name, name, 'find'),
  findOne: permission(name, name, 'findOne'),
  create: permission(name, name, 'create'),
  update: permission(name, name, 'update'),
});
const state = crud('state');
const customer = crud('customer');
const vehicleType = crud('vehicle-type');
const paymentMethod = crud('payment-method');
const salesItem = crud('sales-item');
const company = crud('company');
const salesOrder = crud('sales-order');
const receivable = crud('receivable');

export const ROUTE_TABLE = {
  '/login': { public: true },
  '/reset-password': { public: true },
  // The home's "user me" is its menu item's permission; the route itself is open to any
  // signed-in user, since a denied route redirects here (docs/decisions.md).
  '/': {},
  '/profile': { permission: user('me') },
  '/users': { permission: user('find') },
  '/user/$id': { permission: user('findOne') },
  '/user/new': { permission: user('create') },
  '/roles': { permission: role('createRole') },
  '/role/new': { permission: role('createRole') },
  '/role/$id': { permission: role('findOne') },
  '/role/$id/permissions': { permission: role('updateRole') },
  '/states': { permission: state.find },
  '/state/$id': { permission: state.findOne },
  '/state/new': { permission: state.create },
  '/document-type': {},
  '/document-type/new': {},
  '/document-type/$id': {},
  '/customers': { permission: customer.find },
  '/customer/$id': { permission: customer.findOne },
  '/customer/new': { permission: customer.create },
  '/vehicle-types': { permission: vehicleType.find },
  '/vehicle-type/$id': { permission: vehicleType.findOne },
  '/vehicle-type/new': { permission: vehicleType.create },
  '/payment-methods': { permission: paymentMethod.find },
  '/payment-method/$id': { permission: paymentMethod.findOne },
  '/payment-method/new': { permission: paymentMethod.create },
  '/sales-items': { permission: salesItem.find },
  '/sales-item/$id': { permission: salesItem.findOne },
  '/sales-item/new': { permission: salesItem.create },
  '/companies': { permission: company.find },
  '/company/$id': { permission: company.findOne },
  '/company/new': { permission: company.create },
  '/sales-orders': { permission: salesOrder.find },
  '/sales-order/$id': { permission: salesOrder.findOne },
  '/sales-order/new': { permission: salesOrder.create },
  '/sales-order/$id/details': { permission: salesOrder.findOne },
  '/sales-order/$id/documentos': { permission: salesOrder.findOne },
  '/receivables': { permission: receivable.find },
  '/receivables/$id': { permission: receivable.findOne },
  '/receivables/new': { permission: receivable.create },
  '/despachantes': { permission: company.create },
  '/despachante/$id': { permission: company.create },
  '/despachante/new': { permission: company.create },
  '/despachante/$id/details': { permission: company.findOne },
  '/despachante/$id/edit-lojas': { permission: company.update },
  '/despachante/$id/add-servico': { permission: company.create },
} as const satisfies Record<string, RouteMeta>;

export type AppRoutePath = keyof typeof ROUTE_TABLE;

/** The `staticData` of a route: its entry of {@link ROUTE_TABLE}. */
export function routeMeta(path: AppRoutePath): RouteMeta {
  return ROUTE_TABLE[path];
}
