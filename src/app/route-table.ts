import { companyResource } from '@/features/companies/resource';
import { customerResource } from '@/features/customers/resource';
import { despachanteResource } from '@/features/despachantes/resource';
import { paymentMethodResource } from '@/features/payment-methods/resource';
import { receivableResource } from '@/features/receivables/resource';
import { roleResource } from '@/features/roles/resource';
import { salesItemResource } from '@/features/sales-items/resource';
import { salesOrderResource } from '@/features/sales-orders/resource';
import { stateResource } from '@/features/states/resource';
import { userResource } from '@/features/users/resource';
import { vehicleTypeResource } from '@/features/vehicle-types/resource';
import type { Resource } from '@/lib/resources';
import type { RouteMeta } from '@/lib/navigation/route-meta';

/**
 * The route table of spec 000 §2.1 and the business screens of spec 001 §2: path → the
 * permission it needs, read from each feature's resource declaration (`features/<x>/resource.ts`).
 * Every route file passes its entry as `staticData` (`staticData: routeMeta('/users')`); the
 * guard reads it from the matched route and the menu (src/app/menu.ts) reads the same resources.
 *
 * This lives in src/app (not lib/) because it reads features: lib/ never imports a feature.
 */

/** The list, detail, new and edit routes of a plain resource: find, findOne, create, findOne. */
const crud = (r: Resource) => ({
  find: { permission: r.permission('find') },
  findOne: { permission: r.permission('findOne') },
  create: { permission: r.permission('create') },
});
const state = crud(stateResource);
const customer = crud(customerResource);
const vehicleType = crud(vehicleTypeResource);
const paymentMethod = crud(paymentMethodResource);
const salesItem = crud(salesItemResource);
const company = crud(companyResource);
const salesOrder = crud(salesOrderResource);
const receivable = crud(receivableResource);
const signedIn = { permission: 'signed-in' } as const;
const open = { permission: 'public' } as const;

export const ROUTE_TABLE = {
  '/login': open,
  '/reset-password': open,
  // The home's "user me" is its menu item's permission; the route itself is open to any
  // signed-in user, since a denied route redirects here (docs/decisions.md).
  '/': signedIn,
  // The offline queue (issue 10): every signed-in user sees only their own queued items.
  '/fila': signedIn,
  '/profile': { permission: userResource.permission('me') },
  '/users': { permission: userResource.permission('find') },
  '/user/$id': { permission: userResource.permission('findOne') },
  '/user/new': { permission: userResource.permission('create') },
  '/roles': { permission: roleResource.permission('createRole') },
  '/role/new': { permission: roleResource.permission('createRole') },
  '/role/$id': { permission: roleResource.permission('findOne') },
  '/role/$id/permissions': { permission: roleResource.permission('updateRole') },
  '/states': state.find,
  '/state/$id': state.findOne,
  '/state/new': state.create,
  // Spec 000 §2.1: document types have no gate beyond login (their menu item needs state find).
  '/document-type': signedIn,
  '/document-type/new': signedIn,
  '/document-type/$id': signedIn,
  '/customers': customer.find,
  '/customer/$id': customer.findOne,
  '/customer/new': customer.create,
  '/vehicle-types': vehicleType.find,
  '/vehicle-type/$id': vehicleType.findOne,
  '/vehicle-type/new': vehicleType.create,
  '/payment-methods': paymentMethod.find,
  '/payment-method/$id': paymentMethod.findOne,
  '/payment-method/new': paymentMethod.create,
  '/sales-items': salesItem.find,
  '/sales-item/$id': salesItem.findOne,
  '/sales-item/new': salesItem.create,
  '/companies': company.find,
  '/company/$id': company.findOne,
  '/company/new': company.create,
  '/sales-orders': salesOrder.find,
  '/sales-order/$id': salesOrder.findOne,
  '/sales-order/new': salesOrder.create,
  '/sales-order/$id/details': salesOrder.findOne,
  '/sales-order/$id/documentos': salesOrder.findOne,
  '/receivables': receivable.find,
  '/receivables/$id': receivable.findOne,
  '/receivables/new': receivable.create,
  // Spec 000 §2.1: the Despachantes screens need company create (update for edit-lojas, findOne
  // for details) although their menu item shows with company find (docs/decisions.md).
  '/despachantes': { permission: despachanteResource.permission('create') },
  '/despachante/$id': { permission: despachanteResource.permission('create') },
  '/despachante/new': { permission: despachanteResource.permission('create') },
  '/despachante/$id/details': { permission: despachanteResource.permission('findOne') },
  '/despachante/$id/edit-lojas': { permission: despachanteResource.permission('update') },
  '/despachante/$id/add-servico': { permission: despachanteResource.permission('create') },
} as const satisfies Record<string, RouteMeta>;

export type AppRoutePath = keyof typeof ROUTE_TABLE;

/** The `staticData` of a route: its entry of {@link ROUTE_TABLE}. */
export function routeMeta(path: AppRoutePath): RouteMeta {
  return ROUTE_TABLE[path];
}
