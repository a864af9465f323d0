/**
 * Permission metadata (spec 000 §6): access is per role, per API, controller and action.
 * A route or menu item carries a {@link Permission}; the role's permission tree, as
 * `GET /users-permissions/roles/{id}` returns it, answers whether the user holds it.
 */

/** A permission triple, e.g. `{api: 'sales-order', controller: 'sales-order', action: 'find'}`. */
export interface Permission {
  api: string;
  controller: string;
  action: string;
}

/** One action of the tree: `{enabled, policy}` (policy empty by default). */
export interface PermissionAction {
  enabled: boolean;
  policy?: string;
}

/**
 * The role's permission tree: API identifier (`api::sales-order`,
 * `plugin::users-permissions`) → controllers → actions.
 */
export type PermissionTree = Record<string, { controllers: Record<string, Record<string, PermissionAction>> }>;

/** Plugin APIs; every other api name is a content API (`api::<name>`). */
const PLUGIN_APIS = new Set(['users-permissions', 'upload', 'email', 'i18n', 'content-type-builder']);

/** Builds a permission triple. */
export function permission(api: string, controller: string, action: string): Permission {
  return { api, controller, action };
}

/** The tree key of an api name: `users-permissions` → `plugin::users-permissions`, `customer` → `api::customer`. */
export function treeKey(api: string): string {
  if (api.includes('::')) return api;
  return PLUGIN_APIS.has(api) ? `plugin::${api}` : `api::${api}`;
}

/** True when `tree` enables the action. A null tree holds nothing. */
export function hasPermission(tree: PermissionTree | null | undefined, p: Permission): boolean {
  return tree?.[treeKey(p.api)]?.controllers?.[p.controller]?.[p.action]?.enabled === true;
}

/** True when `tree` enables at least one of `actions` on the api/controller pair. */
export function hasAnyAction(tree: PermissionTree | null | undefined, api: string, controller: string, actions: readonly string[]): boolean {
  return actions.some((action) => hasPermission(tree, { api, controller, action }));
}

/** The api and controller a list screen works on (its "permission base"). */
export interface PermissionBase {
  api: string;
  controller: string;
}

/** What the list frame may offer (spec 000 §2.4): create, update, and destroy-or-delete. */
export interface CrudAbilities {
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** Abilities on a permission base; delete is either `destroy` (users-permissions) or `delete` (content APIs). */
export function crudAbilities(tree: PermissionTree | null | undefined, base: PermissionBase): CrudAbilities {
  return {
    canCreate: hasPermission(tree, { ...base, action: 'create' }),
    canUpdate: hasPermission(tree, { ...base, action: 'update' }),
    canDelete: hasAnyAction(tree, base.api, base.controller, ['destroy', 'delete']),
  };
}
