import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';
import { uniqueCpf } from './helpers/users';

/**
 * The last active administrator (not blocked, in the Administrador role) cannot be blocked, deleted or moved to another role: without one nobody
 * could unblock a user or edit roles again through the app. On a Strapi of its own (the shared one's
 * administrators change with the other test files): the demo seed's administrator is its only one.
 */
let server: Awaited<ReturnType<typeof startSecondStrapi>>;
const MESSAGE =
  'Não é possível remover o último administrador ativo: dê o papel Administrador a outro usuário antes de bloquear, excluir ou mudar o papel deste.';

beforeAll(async () => {
  server = await startSecondStrapi({});
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  requestFrom(server.port, method, `/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, body });
const signIn = async (identifier: string, password: string) => (await call('POST', '/auth/local', undefined, { identifier, password })).body.jwt as string;

describe('the last active administrator', () => {
  it('is neither blocked, deleted, nor moved to another role; with a second one he may be', async () => {
    const admin = await signIn(LOGINS.admin, SEED_PASSWORD);
    expect(admin).toBeTruthy();
    const me = (await call('GET', '/users/me', admin)).body;
    const roles: { id: number; documentId: string; type: string }[] = (await call('GET', '/users-permissions/roles', admin)).body.roles;
    const roleOf = (type: string) => roles.find((r) => r.type === type)!.id;
    const documentOf = (type: string) => roles.find((r) => r.type === type)!.documentId;
    const state = (await call('GET', '/states?filters[abbreviation][$eq]=SP', admin)).body.data[0].id;

    for (const change of [
      { blocked: true },
      { role: { connect: [{ id: roleOf('despachante') }] }, type: 'dispatcher' },
      { role: roleOf('vendedor') },
      { role: documentOf('vendedor') },
      { role: { set: [{ documentId: documentOf('vendedor') }] } },
    ]) {
      const res = await call('PUT', `/users/${me.id}`, admin, change);
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(res.body.error.message).toBe(MESSAGE);
    }
    const removed = await call('DELETE', `/users/${me.id}`, admin);
    expect(removed.status).toBe(403);
    expect(removed.body.error.message).toBe(MESSAGE);
    // a blocked administrator is not one who can put things back
    const create = async (blocked: boolean) => {
      const username = uniqueCpf();
      const res = await call('POST', '/users', admin, {
        data: {
          username,
          email: `u${username}@teste.local`,
          name: 'Outra Administradora',
          password: 'segredo1',
          role: { connect: [{ id: roleOf('administrador') }] },
          address_state_id: { connect: [{ id: state }] },
          confirmed: true,
          blocked,
          type: 'admin',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const blockedOne = await create(true);
    expect((await call('PUT', `/users/${me.id}`, admin, { blocked: true })).status).toBe(403);
    // the name and the rest stay editable, and naming his own role in any form keeps it
    expect((await call('PUT', `/users/${me.id}`, admin, { role: documentOf('administrador') })).status).toBe(200);
    expect((await call('PUT', `/users/${me.id}`, admin, { name: 'Administrador Balcão' })).status).toBe(200);

    // with a second active administrator, either may go
    const other = await create(false);
    expect((await call('PUT', `/users/${other}`, admin, { blocked: true })).status).toBe(200);
    expect((await call('PUT', `/users/${other}`, admin, { blocked: false })).status).toBe(200);
    expect((await call('DELETE', `/users/${blockedOne}`, admin)).status).toBe(200);
    expect((await call('DELETE', `/users/${other}`, admin)).status).toBe(200);
    expect((await call('DELETE', `/users/${me.id}`, admin)).status).toBe(403);
    expect(await signIn(LOGINS.admin, SEED_PASSWORD)).toBeTruthy();
  }, 60_000);
});
