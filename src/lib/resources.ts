import type { IconName } from '@/components/ui/icons';
import { permission, type Permission, type PermissionBase } from './permissions';

/**
 * One declaration per resource (issue 9 item 3): the Strapi API and controller whose
 * permissions gate it (spec 000 §6), the label the menu and the list title show (spec 000
 * §2.2, exact Portuguese), and its menu icon. Each `features/<resource>/resource.ts`
 * exports one, made with {@link defineResource}; the route table (`src/app/route-table.ts`),
 * the menu (`src/app/menu.ts`) and the list frame (`resource` prop) read it.
 *
 * It extends {@link PermissionBase}, so `crudAbilities(tree, resource)` works on it directly.
 * Keep these modules free of zod and React: route files import them eagerly (entry bundle).
 */
export interface ResourceDef extends PermissionBase {
  /** Strapi API name: `sales-order`, or `users-permissions` for the plugin's users and roles. */
  readonly api: string;
  /** Controller inside the API: `sales-order`, `user`, `role`. */
  readonly controller: string;
  /** Plural label of the menu item and list title, as the spec writes it ('Pedidos'). */
  readonly label: string;
  /** Menu icon. */
  readonly icon: IconName;
}

/** Standard actions of a content API (users-permissions deletes with `destroy`). */
export type ResourceAction = 'find' | 'findOne' | 'create' | 'update' | 'delete' | 'destroy';

/** A declared resource: its fields plus the permission triple of any action. */
export interface Resource extends ResourceDef {
  /** The permission triple `{api, controller, action}`; custom actions (`me`, `createRole`) too. */
  permission(action: ResourceAction | (string & {})): Permission;
}

/**
 * Declares a resource. Example:
 * `export const salesOrderResource = defineResource({ api: 'sales-order', controller: 'sales-order', label: 'Pedidos', icon: 'orders' })`,
 * then `salesOrderResource.permission('find')` → `{api: 'sales-order', controller: 'sales-order', action: 'find'}`.
 */
export function defineResource(def: ResourceDef): Resource {
  return { ...def, permission: (action) => permission(def.api, def.controller, action) };
}
