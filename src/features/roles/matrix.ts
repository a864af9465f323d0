import type { PermissionAction, PermissionTree } from '@/lib/permissions';

/**
 * The permission matrix of /role/{id}/permissions as pure functions (spec 000 §4 "Permission
 * screen", §6). A tree is `{ <api key>: { controllers: { <controller>: { <action>: {enabled, policy} } } } }`
 * as `GET /users-permissions/roles/{id}` answers it; every function returns a new tree and never
 * changes its argument.
 */

/** Actions a controller without any gets when no sibling has one either (spec 000 §4). */
export const DEFAULT_CONTROLLER_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;

/** Plugin APIs hidden from the matrix (spec 000 §4): upload, email, i18n, content-type-builder. */
export const HIDDEN_APIS: readonly string[] = ['plugin::upload', 'plugin::email', 'plugin::i18n', 'plugin::content-type-builder'];

/** The API shown a second time as the dispatcher entry (spec 000 §4), and that entry's label. */
export const DISPATCHER_ALIAS = { apiKey: 'api::company', label: 'despachante' } as const;

/**
 * The only actions a new role gets (spec 000 §5 "Role form"): auth changePassword and
 * resetPassword, user me, role find and findOne, permissions getPermissions — all of the
 * users-permissions plugin.
 */
export const NEW_ROLE_ACTIONS: ReadonlyArray<{ api: string; controller: string; action: string }> = [
  { api: 'plugin::users-permissions', controller: 'auth', action: 'changePassword' },
  { api: 'plugin::users-permissions', controller: 'auth', action: 'resetPassword' },
  { api: 'plugin::users-permissions', controller: 'user', action: 'me' },
  { api: 'plugin::users-permissions', controller: 'role', action: 'findOne' },
  { api: 'plugin::users-permissions', controller: 'role', action: 'find' },
  { api: 'plugin::users-permissions', controller: 'permissions', action: 'getPermissions' },
];

/** One accordion entry of the matrix: the tree key it edits and the label it shows. */
export interface MatrixEntry {
  /** Unique id of the entry (the dispatcher alias has its own). */
  id: string;
  /** The tree key whose controllers the entry shows and sets (`api::company` for both company entries). */
  apiKey: string;
  /** 'sales-order', 'users-permissions', 'despachante'... (the key without its `api::`/`plugin::` prefix). */
  label: string;
}

const off = (): PermissionAction => ({ enabled: false, policy: '' });

/** The action names of a controller, in the tree's order. */
export function actionNames(tree: PermissionTree, apiKey: string, controller: string): string[] {
  return Object.keys(tree[apiKey]?.controllers?.[controller] ?? {});
}

/**
 * The actions a controller without any takes (spec 000 §4): the union of the actions of its
 * sibling controllers (first-seen order), or else find, findOne, create, update, delete.
 */
export function fallbackActions(tree: PermissionTree, apiKey: string): string[] {
  const union = new Set<string>();
  for (const actions of Object.values(tree[apiKey]?.controllers ?? {})) for (const name of Object.keys(actions ?? {})) union.add(name);
  return union.size ? [...union] : [...DEFAULT_CONTROLLER_ACTIONS];
}

/**
 * The tree with every controller that has no action given its fallback actions, disabled
 * (an API without a `controllers` object gets an empty one). What the matrix shows and saves.
 */
export function completeTree(tree: PermissionTree): PermissionTree {
  const result: PermissionTree = {};
  for (const [apiKey, node] of Object.entries(tree)) {
    const fallback = fallbackActions(tree, apiKey);
    const controllers: PermissionTree[string]['controllers'] = {};
    for (const [controller, actions] of Object.entries(node?.controllers ?? {})) {
      const names = Object.keys(actions ?? {});
      controllers[controller] = names.length
        ? Object.fromEntries(names.map((n) => [n, { ...off(), ...actions[n] }]))
        : Object.fromEntries(fallback.map((n) => [n, off()]));
    }
    result[apiKey] = { ...node, controllers };
  }
  return result;
}

/** The accordion entries (spec 000 §4): every API but the hidden plugins, sorted by label, plus the dispatcher alias of company. */
export function matrixEntries(tree: PermissionTree): MatrixEntry[] {
  const entries: MatrixEntry[] = Object.keys(tree)
    .filter((apiKey) => !HIDDEN_APIS.includes(apiKey))
    .map((apiKey) => ({ id: apiKey, apiKey, label: apiLabel(apiKey) }));
  if (tree[DISPATCHER_ALIAS.apiKey]) {
    entries.push({ id: `${DISPATCHER_ALIAS.apiKey}#dispatcher`, apiKey: DISPATCHER_ALIAS.apiKey, label: DISPATCHER_ALIAS.label });
  }
  return entries.sort((a, b) => a.label.localeCompare(b.label));
}

/** 'api::sales-order' → 'sales-order', 'plugin::users-permissions' → 'users-permissions'. */
export function apiLabel(apiKey: string): string {
  const at = apiKey.indexOf('::');
  return at === -1 ? apiKey : apiKey.slice(at + 2);
}

/** True when any action of the controller is enabled (spec 000 §4: a controller counts as on if any action under it is on). */
export function isControllerOn(tree: PermissionTree, apiKey: string, controller: string): boolean {
  return Object.values(tree[apiKey]?.controllers?.[controller] ?? {}).some((a) => a?.enabled === true);
}

/** True when any action of any controller of the API is enabled. */
export function isApiOn(tree: PermissionTree, apiKey: string): boolean {
  return Object.keys(tree[apiKey]?.controllers ?? {}).some((c) => isControllerOn(tree, apiKey, c));
}

/** Number of enabled actions under the API (shown beside its name). */
export function enabledCount(tree: PermissionTree, apiKey: string): number {
  return Object.values(tree[apiKey]?.controllers ?? {}).reduce((n, actions) => n + Object.values(actions ?? {}).filter((a) => a?.enabled).length, 0);
}

function withController(tree: PermissionTree, apiKey: string, controller: string, actions: Record<string, PermissionAction>): PermissionTree {
  const node = tree[apiKey] ?? { controllers: {} };
  return { ...tree, [apiKey]: { ...node, controllers: { ...node.controllers, [controller]: actions } } };
}

/** Sets one action (policy kept, empty when new). */
export function setAction(tree: PermissionTree, apiKey: string, controller: string, action: string, enabled: boolean): PermissionTree {
  const actions = tree[apiKey]?.controllers?.[controller] ?? {};
  return withController(tree, apiKey, controller, { ...actions, [action]: { ...off(), ...actions[action], enabled } });
}

/**
 * Sets every action of a controller (spec 000 §4). A controller without actions first takes
 * its fallback actions ({@link fallbackActions}), so switching it on enables something.
 */
export function setController(tree: PermissionTree, apiKey: string, controller: string, enabled: boolean): PermissionTree {
  const actions = tree[apiKey]?.controllers?.[controller] ?? {};
  const names = Object.keys(actions).length ? Object.keys(actions) : fallbackActions(tree, apiKey);
  return withController(tree, apiKey, controller, Object.fromEntries(names.map((n) => [n, { ...off(), ...actions[n], enabled }])));
}

/** Sets every action of every controller of the API (spec 000 §4). */
export function setApi(tree: PermissionTree, apiKey: string, enabled: boolean): PermissionTree {
  return Object.keys(tree[apiKey]?.controllers ?? {}).reduce((t, controller) => setController(t, apiKey, controller, enabled), tree);
}

/**
 * The permissions of a new role (spec 000 §5): the full tree of `GET /users-permissions/permissions`
 * with every action disabled except {@link NEW_ROLE_ACTIONS} (added when the tree lacks them).
 */
export function newRolePermissions(all: PermissionTree): PermissionTree {
  let tree = Object.keys(all).reduce((t, apiKey) => setApi(t, apiKey, false), completeTree(all));
  for (const { api, controller, action } of NEW_ROLE_ACTIONS) tree = setAction(tree, api, controller, action, true);
  return tree;
}
