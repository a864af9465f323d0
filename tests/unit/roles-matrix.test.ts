import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTROLLER_ACTIONS,
  completeTree,
  enabledCount,
  fallbackActions,
  isApiOn,
  isControllerOn,
  matrixEntries,
  newRolePermissions,
  setAction,
  setApi,
  setController,
} from '@/features/roles/matrix';
import { pageOfRoles } from '@/features/roles/role-list';
import { isDeletableRole, roleCreatePayload, roleFormSchema, roleUpdatePayload, typeFromName } from '@/features/roles/schema';
import type { PermissionTree } from '@/lib/permissions';

const on = { enabled: true, policy: '' };
const off = { enabled: false, policy: '' };

/** A small tree shaped like GET /users-permissions/roles/{id}. */
const tree: PermissionTree = {
  'api::sales-order': { controllers: { 'sales-order': { find: on, findOne: off, create: off } } },
  'api::company': { controllers: { company: { find: off, getCompanyUsers: off }, extra: {} } },
  'api::state': { controllers: { state: {} } },
  'plugin::users-permissions': { controllers: { user: { me: on }, role: { find: off, createRole: off } } },
  'plugin::upload': { controllers: { 'content-api': { upload: off } } },
  'plugin::email': { controllers: { email: { send: off } } },
  'plugin::i18n': { controllers: { locales: { listLocales: off } } },
  'plugin::content-type-builder': { controllers: { 'content-types': { getContentTypes: off } } },
};

const enabledList = (t: PermissionTree) =>
  Object.entries(t).flatMap(([api, node]) =>
    Object.entries(node.controllers).flatMap(([c, actions]) =>
      Object.entries(actions)
        .filter(([, a]) => a.enabled)
        .map(([a]) => `${api}.${c}.${a}`),
    ),
  );

/** The permission matrix rules (spec 000 §4 "Permission screen", §5 "Role form", §6). */
describe('permission matrix rules', () => {
  it('hides upload, email, i18n and content-type-builder and shows company also as the dispatcher entry', () => {
    const entries = matrixEntries(tree);
    expect(entries.map((e) => e.label)).toEqual(['company', 'despachante', 'sales-order', 'state', 'users-permissions']);
    const dispatcher = entries.find((e) => e.label === 'despachante');
    expect(dispatcher?.apiKey).toBe('api::company');
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(matrixEntries({ 'plugin::upload': tree['plugin::upload']! })).toEqual([]);
  });

  it('a controller without actions takes the union of its siblings, else find, findOne, create, update, delete', () => {
    expect(fallbackActions(tree, 'api::company')).toEqual(['find', 'getCompanyUsers']);
    expect(fallbackActions(tree, 'api::state')).toEqual([...DEFAULT_CONTROLLER_ACTIONS]);
    const full = completeTree(tree);
    expect(full['api::company']!.controllers.extra).toEqual({ find: off, getCompanyUsers: off });
    expect(Object.keys(full['api::state']!.controllers.state!)).toEqual(['find', 'findOne', 'create', 'update', 'delete']);
    expect(full['api::sales-order']).toEqual(tree['api::sales-order']);
    // the input is untouched
    expect(tree['api::state']!.controllers.state).toEqual({});
  });

  it('toggling an API or a controller sets all its actions (a bare controller gets its fallback actions first)', () => {
    const company = setApi(tree, 'api::company', true);
    expect(enabledList(company).filter((p) => p.startsWith('api::company'))).toEqual([
      'api::company.company.find',
      'api::company.company.getCompanyUsers',
      'api::company.extra.find',
      'api::company.extra.getCompanyUsers',
    ]);
    expect(enabledList(setApi(company, 'api::company', false)).filter((p) => p.startsWith('api::company'))).toEqual([]);
    const state = setController(tree, 'api::state', 'state', true);
    expect(enabledList(state).filter((p) => p.startsWith('api::state'))).toEqual([
      'api::state.state.find',
      'api::state.state.findOne',
      'api::state.state.create',
      'api::state.state.update',
      'api::state.state.delete',
    ]);
    // other APIs keep their actions
    expect(enabledList(state)).toContain('api::sales-order.sales-order.find');
    expect(enabledList(tree)).toEqual(['api::sales-order.sales-order.find', 'plugin::users-permissions.user.me']);
  });

  it('an API or a controller counts as on when any action under it is on', () => {
    expect(isApiOn(tree, 'api::sales-order')).toBe(true);
    expect(isControllerOn(tree, 'api::sales-order', 'sales-order')).toBe(true);
    expect(isApiOn(tree, 'api::company')).toBe(false);
    const one = setAction(tree, 'api::company', 'extra', 'getCompanyUsers', true);
    expect(isControllerOn(one, 'api::company', 'extra')).toBe(true);
    expect(isControllerOn(one, 'api::company', 'company')).toBe(false);
    expect(isApiOn(one, 'api::company')).toBe(true);
    expect(enabledCount(one, 'api::company')).toBe(1);
    expect(isApiOn(setAction(tree, 'api::sales-order', 'sales-order', 'find', false), 'api::sales-order')).toBe(false);
  });

  it('a new role gets only the default permissions of §5', () => {
    const all = setApi(setApi(tree, 'api::sales-order', true), 'plugin::users-permissions', true);
    const fresh = newRolePermissions(all);
    expect(enabledList(fresh).sort()).toEqual(
      [
        'plugin::users-permissions.auth.changePassword',
        'plugin::users-permissions.auth.resetPassword',
        'plugin::users-permissions.permissions.getPermissions',
        'plugin::users-permissions.role.find',
        'plugin::users-permissions.role.findOne',
        'plugin::users-permissions.user.me',
      ].sort(),
    );
    // every known action is still listed, disabled
    expect(fresh['api::sales-order']!.controllers['sales-order']!.create).toEqual(off);
    expect(enabledList(newRolePermissions({})).length).toBe(6);
  });
});

describe('role form and list helpers', () => {
  const messages = (values: { name: string; description: string; type: string }) => {
    const result = roleFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a name and a description, with the spec texts', () => {
    expect(messages({ name: ' ', description: '', type: '' })).toEqual(['name: Nome é obrigatório', 'description: Descrição é obrigatório']);
    expect(messages({ name: 'Auditor', description: 'Leitura', type: '' })).toEqual([]);
    expect(typeFromName('Auditor Fiscal')).toBe('auditor fiscal');
  });

  it('creates with name, description, type, permissions, users []; updates with the loaded tree', () => {
    const permissions = newRolePermissions({});
    expect(roleCreatePayload({ name: ' Auditor ', description: 'Leitura', type: 'auditor' }, permissions)).toEqual({
      name: 'Auditor',
      description: 'Leitura',
      type: 'auditor',
      permissions,
      users: [],
    });
    expect(roleCreatePayload({ name: 'Auditor', description: 'Leitura', type: '' }, permissions)).not.toHaveProperty('type');
    expect(roleUpdatePayload({ name: 'A', description: 'B', type: 'a' }, tree)).toEqual({ name: 'A', description: 'B', type: 'a', permissions: tree });
  });

  it('never offers delete for the public and authenticated roles', () => {
    expect(isDeletableRole({ type: 'public' })).toBe(false);
    expect(isDeletableRole({ type: 'authenticated' })).toBe(false);
    expect(isDeletableRole({ type: 'auditor' })).toBe(true);
  });

  it('pages and sorts the roles on the client', () => {
    const roles = [3, 1, 2, 5, 4].map((id) => ({ id, name: `Papel ${String.fromCharCode(70 - id)}`, type: `t${id}` }));
    expect(pageOfRoles(roles, { page: 1, pageSize: 2 }).map((r) => r.id)).toEqual([1, 2]);
    expect(pageOfRoles(roles, { page: 3, pageSize: 2 }).map((r) => r.id)).toEqual([5]);
    expect(pageOfRoles(roles, { page: 1, pageSize: 5, sort: 'name:asc' }).map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
    expect(pageOfRoles(roles, { page: 1, pageSize: 2, sort: 'id:desc' }).map((r) => r.id)).toEqual([5, 4]);
  });
});
