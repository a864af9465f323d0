import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { createUser, uniqueCpf } from './helpers/users';

/** A fresh session of `identifier` (not the cached token of helpers/api login). */
async function signIn(identifier: string, password: string): Promise<string> {
  const res = await api('POST', '/auth/local', { body: { identifier, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.jwt;
}

const DEFAULTS = [
  'plugin::users-permissions.auth.changePassword',
  'plugin::users-permissions.auth.resetPassword',
  'plugin::users-permissions.permissions.getPermissions',
  'plugin::users-permissions.role.find',
  'plugin::users-permissions.role.findOne',
  'plugin::users-permissions.user.me',
];

const enabledActions = (tree: Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>) =>
  Object.entries(tree)
    .flatMap(([apiKey, node]) =>
      Object.entries(node.controllers).flatMap(([c, actions]) =>
        Object.entries(actions)
          .filter(([, a]) => a.enabled)
          .map(([a]) => `${apiKey}.${c}.${a}`),
      ),
    )
    .sort();

/**
 * Saving a role's permissions (the matrix's PUT) changes what its users can do at their
 * next session start, without restarting the server; a PUT of name and description alone keeps them.
 */
describe('role permissions take effect without a restart', () => {
  it('grants sales-order find, then swaps it for customer find; a name-only PUT keeps the tree; a null tree is 400', async () => {
    const admin = await login('admin');
    const name = `Pedidos ${uniqueCpf()}`;
    const created = await api('POST', '/users-permissions/roles', {
      token: admin,
      body: {
        name,
        description: 'Só pedidos',
        permissions: {
          // the defaults the PWA gives a new role (spec 000 §5), role findOne among them: the session start reads the tree
          'plugin::users-permissions': {
            controllers: {
              auth: { changePassword: { enabled: true, policy: '' }, resetPassword: { enabled: true, policy: '' } },
              user: { me: { enabled: true, policy: '' } },
              role: { find: { enabled: true, policy: '' }, findOne: { enabled: true, policy: '' } },
              permissions: { getPermissions: { enabled: true, policy: '' } },
            },
          },
          'api::sales-order': { controllers: { 'sales-order': { find: { enabled: true, policy: '' } } } },
        },
        users: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const role = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles.find((r: { name: string }) => r.name === name);
    const user = await createUser(admin, { role: { connect: [{ id: role.id }] } });

    let token = await signIn(user.username, user.password);
    expect((await api('GET', '/sales-orders', { token })).status).toBe(200);
    expect((await api('GET', '/customers', { token })).status).toBe(403);
    const own = await api('GET', `/users-permissions/roles/${role.id}`, { token });
    expect(own.status).toBe(200);
    expect(enabledActions(own.body.role.permissions)).toEqual(['api::sales-order.sales-order.find', ...DEFAULTS]);

    // the matrix saves the whole tree: sales-order find off, customer find on
    const tree = (await api('GET', `/users-permissions/roles/${role.id}`, { token: admin })).body.role.permissions;
    tree['api::sales-order'].controllers['sales-order'].find.enabled = false;
    tree['api::customer'].controllers.customer.find.enabled = true;
    const put = await api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body: { name, description: 'Só clientes', permissions: tree } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    token = await signIn(user.username, user.password);
    expect((await api('GET', '/sales-orders', { token })).status).toBe(403);
    expect((await api('GET', '/customers', { token })).status).toBe(200);

    // name and description alone keep the permissions (the stock update would have removed them all)
    const rename = await api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body: { name: `${name} (2)`, description: 'Renomeado' } });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    const after = (await api('GET', `/users-permissions/roles/${role.id}`, { token: admin })).body.role;
    expect(after.name).toBe(`${name} (2)`);
    expect(enabledActions(after.permissions)).toEqual(['api::customer.customer.find', ...DEFAULTS]);

    // a null tree is refused and changes nothing
    const nullTree = await api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body: { name, description: 'x', permissions: null } });
    expect(nullTree.status).toBe(400);
    expect(nullTree.body.error.message).toMatch(/^Permissões inválidas/);
    const unchanged = (await api('GET', `/users-permissions/roles/${role.id}`, { token: admin })).body.role;
    expect(unchanged.name).toBe(`${name} (2)`);
    expect(enabledActions(unchanged.permissions)).toEqual(['api::customer.customer.find', ...DEFAULTS]);
  });
});
