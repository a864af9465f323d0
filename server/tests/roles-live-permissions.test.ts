import { describe, expect, it } from 'vitest';
import { api, login, LOGINS, SEED_PASSWORD } from './helpers/api';
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

/**
 * A role edit cannot lock everyone out: the Public role keeps "entrar" (auth.callback) and the
 * administrators' role keeps reading and saving roles (the screen that would put anything back).
 * The fuzz run found an administrator's `PUT /roles/<public> {permissions: {}}` ending every sign-in.
 */
describe('a role edit that would lock everyone out', () => {
  const roleOf = async (admin: string, type: string) =>
    (await api('GET', '/users-permissions/roles', { token: admin })).body.roles.find((r: { type: string }) => r.type === type);
  const treeOf = async (admin: string, id: number) => (await api('GET', `/users-permissions/roles/${id}`, { token: admin })).body.role;

  it('is refused for the Public role without sign-in and the administrators without role saving; the rest of the tree saves', async () => {
    const admin = await login('admin');
    const pub = await roleOf(admin, 'public');
    const before = await treeOf(admin, pub.id);
    expect(enabledActions(before.permissions)).toContain('plugin::users-permissions.auth.callback');

    const emptied = await api('PUT', `/users-permissions/roles/${pub.id}`, { token: admin, body: { name: pub.name, permissions: {} } });
    expect(emptied.status).toBe(403);
    expect(emptied.body.error.message).toBe(`O papel "${pub.name}" precisa manter "auth.callback": sem isso ninguém consegue entrar no sistema.`);
    const off = structuredClone(before.permissions);
    off['plugin::users-permissions'].controllers.auth.callback.enabled = false;
    expect((await api('PUT', `/users-permissions/roles/${pub.id}`, { token: admin, body: { name: pub.name, permissions: off } })).status).toBe(403);
    expect(enabledActions((await treeOf(admin, pub.id)).permissions)).toEqual(enabledActions(before.permissions));
    await signIn(LOGINS.admin, SEED_PASSWORD);
    // the same tree saves
    const same = await api('PUT', `/users-permissions/roles/${pub.id}`, { token: admin, body: { name: pub.name, permissions: before.permissions } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);

    const adm = await roleOf(admin, 'administrador');
    const admTree = await treeOf(admin, adm.id);
    const noSave = structuredClone(admTree.permissions);
    noSave['plugin::users-permissions'].controllers.role.updateRole.enabled = false;
    noSave['plugin::users-permissions'].controllers.role.find.enabled = false;
    const locked = await api('PUT', `/users-permissions/roles/${adm.id}`, { token: admin, body: { name: adm.name, permissions: noSave } });
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toBe(
      `O papel "${adm.name}" precisa manter "role.find", "role.updateRole": sem isso ninguém consegue voltar a editar os papéis.`,
    );
    expect(enabledActions((await treeOf(admin, adm.id)).permissions)).toEqual(enabledActions(admTree.permissions));
  });

  it('names a role by its plain id only: "2.0" and "002" are 400, not the role the database would read', async () => {
    const admin = await login('admin');
    const pub = await roleOf(admin, 'public');
    for (const spelt of [`${pub.id}.0`, `00${pub.id}`, ` ${pub.id}`]) {
      const put = await api('PUT', `/users-permissions/roles/${encodeURIComponent(spelt)}`, { token: admin, body: { name: 'x', permissions: {} } });
      expect(put.status, spelt).toBe(400);
      expect(put.body.error.message).toBe('Id de papel inválido.');
      expect((await api('DELETE', `/users-permissions/roles/${encodeURIComponent(spelt)}`, { token: admin })).status, spelt).toBe(400);
    }
    expect((await treeOf(admin, pub.id)).name).toBe(pub.name);
  });
});
