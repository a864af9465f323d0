import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { createUser, roleId, uniqueCpf } from './helpers/users';

const on = { enabled: true, policy: '' };

/**
 * Actions the server keeps to administrators although a role holds their permission
 * (docs/decisions.md "Actions reserved to administrators"): each refusal is a 403 PolicyError
 * whose message says why, the text the PWA shows beside the control it disables and in the
 * toast of a refused call — not Strapi's bare 'Forbidden' of a permission the role lacks.
 */
describe('administrator-only actions explain their refusal', () => {
  it('company delete, dispatcher create and delete, and blocking a user', async () => {
    const admin = await login('admin');
    const name = `Gestor ${uniqueCpf()}`;
    const created = await api('POST', '/users-permissions/roles', {
      token: admin,
      body: {
        name,
        description: 'Tem as ações, não é administrador',
        permissions: {
          'plugin::users-permissions': { controllers: { user: { me: on, update: on }, role: { findOne: on } } },
          'api::company': { controllers: { company: { find: on, findOne: on, delete: on, createDispatcher: on, deleteDispatcher: on } } },
        },
        users: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roles = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles as { id: number; name: string }[];
    const role = roles.find((r) => r.name === name);
    expect(role).toBeTruthy();
    const u = await createUser(admin, { role: { connect: [{ id: role!.id }] } });
    const token = (await api('POST', '/auth/local', { body: { identifier: u.username, password: u.password } })).body.jwt as string;

    const company = (await api('GET', '/companies?filters[type][$eq]=company&pagination[pageSize]=1', { token: admin })).body.data[0];
    const dispatcher = (await api('GET', '/companies?filters[type][$eq]=dispatcher&pagination[pageSize]=1', { token: admin })).body.data[0];
    const refusals: [string, string, unknown, string][] = [
      ['DELETE', `/companies/${company.documentId}`, undefined, 'Apenas administradores podem excluir empresas.'],
      ['DELETE', `/companies/deleteDispatcher/${dispatcher.documentId}`, undefined, 'Apenas administradores podem excluir despachantes.'],
      ['POST', '/companies/createDispatcher', { data: { trade_name: 'X' } }, 'Apenas administradores podem cadastrar despachantes.'],
      ['PUT', `/users/${u.id}`, { blocked: true }, 'Apenas administradores podem bloquear ou desbloquear usuários.'],
      ['PUT', `/users/${u.id}`, { role: await roleId(admin, 'administrador') }, 'Apenas administradores podem alterar a permissão de um usuário.'],
    ];
    for (const [method, path, body, message] of refusals) {
      const res = await api(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error, `${method} ${path}`).toMatchObject({ name: 'PolicyError', message });
    }
    // nothing was written
    expect((await api('GET', `/companies/${company.documentId}`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/companies/${dispatcher.documentId}`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/users/${u.id}`, { token: admin })).body.blocked).toBe(false);

    // a permission the role lacks stays Strapi's bare refusal (the PWA keeps its own text for it)
    const vendedor = await login('vendedor');
    const bare = await api('DELETE', `/companies/${company.documentId}`, { token: vendedor });
    expect(bare.status).toBe(403);
    expect(bare.body.error.name).toBe('ForbiddenError');
  });
});
