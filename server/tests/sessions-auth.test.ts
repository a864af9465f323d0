import { describe, expect, it } from 'vitest';
import { api, login, LOGINS, SEED_PASSWORD, waitForEmail } from './helpers/api';
import { createUser, roleId, uniqueCpf } from './helpers/users';

/** Sessions, one's own credentials, forgot-password, role reads and names. */

const signIn = async (identifier: string, password: string) => {
  const res = await api('POST', '/auth/local', { body: { identifier, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.jwt as string;
};
const meStatus = async (token: string) => (await api('GET', '/users/me', { token })).status;

describe('sessions: a password change, a block or Sair de todos os dispositivos end them all; Sair ends this device’s', () => {
  it('POST /users/:id/change-password: earlier tokens 401, the answered jwt works', async () => {
    const u = await createUser(await login('admin'));
    const first = await signIn(u.username, u.password);
    const second = await signIn(u.username, u.password);
    const res = await api('POST', `/users/${u.id}/change-password`, {
      token: first,
      body: { currentPassword: u.password, password: 'trocada1', passwordConfirmation: 'trocada1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(res.body.jwt)).toBe(200);
  });

  it('POST /auth/change-password: earlier tokens 401, the answered jwt works', async () => {
    const u = await createUser(await login('admin'));
    const old = await signIn(u.username, u.password);
    const res = await api('POST', '/auth/change-password', {
      token: old,
      body: { currentPassword: u.password, password: 'trocada2', passwordConfirmation: 'trocada2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await meStatus(old)).toBe(401);
    expect(await meStatus(res.body.jwt)).toBe(200);
  });

  it('reset-password: earlier tokens 401', async () => {
    const u = await createUser(await login('admin'));
    const old = await signIn(u.username, u.password);
    const since = Date.now();
    expect((await api('POST', '/auth/forgot-password', { body: { email: u.email } })).status).toBe(200);
    const mail = await waitForEmail(u.email, since);
    const code = new URL(mail.links.find((l: string) => l.includes('/reset-password'))).searchParams.get('code');
    const reset = await api('POST', '/auth/reset-password', { body: { code, password: 'resetada1', passwordConfirmation: 'resetada1' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await meStatus(old)).toBe(401);
    expect(await meStatus(reset.body.jwt)).toBe(200);
  });

  it('an administrator setting the password through PUT /users/:id kills the user’s tokens', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const old = await signIn(u.username, u.password);
    expect((await api('PUT', `/users/${u.id}`, { token: admin, body: { password: 'definida9' } })).status).toBe(200);
    expect(await meStatus(old)).toBe(401);
    expect(await meStatus(await signIn(u.username, 'definida9'))).toBe(200);
  });

  it('a block kills the tokens for good: unblocking does not bring them back', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const old = await signIn(u.username, u.password);
    expect((await api('PUT', `/users/${u.id}`, { token: admin, body: { blocked: true } })).status).toBe(200);
    expect(await meStatus(old)).toBe(401);
    expect((await api('PUT', `/users/${u.id}`, { token: admin, body: { blocked: false } })).status).toBe(200);
    expect(await meStatus(old)).toBe(401);
    expect(await meStatus(await signIn(u.username, u.password))).toBe(200);
  });

  it('POST /auth/logout ends this device’s session only; without a live token it is 401', async () => {
    const u = await createUser(await login('admin'));
    const here = await signIn(u.username, u.password);
    const elsewhere = await signIn(u.username, u.password);
    expect(await meStatus(here)).toBe(200);
    const out = await api('POST', '/auth/logout', { token: here, body: {} });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(await meStatus(here)).toBe(401);
    // the phone's session goes on while the desktop signs out; the list of ended sessions is never shown
    const still = await api('GET', '/users/me', { token: elsewhere });
    expect({ status: still.status, ended: 'ended_sessions' in still.body, version: 'token_version' in still.body }).toEqual({
      status: 200,
      ended: false,
      version: false,
    });
    expect((await api('POST', '/auth/logout', { token: here, body: {} })).status).toBe(401);
    expect((await api('POST', '/auth/logout', { body: {} })).status).toBe(401);
    expect(await meStatus(await signIn(u.username, u.password))).toBe(200);
    // a second device signing out leaves the first ended one ended
    expect((await api('POST', '/auth/logout', { token: elsewhere, body: {} })).status).toBe(200);
    expect([await meStatus(here), await meStatus(elsewhere)]).toEqual([401, 401]);
  });

  it('POST /auth/logout-all ends every session of the user on every device, for every role', async () => {
    const u = await createUser(await login('admin'));
    const desktop = await signIn(u.username, u.password);
    const phone = await signIn(u.username, u.password);
    const out = await api('POST', '/auth/logout-all', { token: phone, body: {} });
    expect({ status: out.status, body: out.body }).toEqual({ status: 200, body: { ok: true } });
    expect([await meStatus(desktop), await meStatus(phone)]).toEqual([401, 401]);
    expect((await api('POST', '/auth/logout-all', { token: phone, body: {} })).status).toBe(401);
    expect((await api('POST', '/auth/logout-all', { body: {} })).status).toBe(401);
    expect(await meStatus(await signIn(u.username, u.password))).toBe(200);
    // the seeded roles may all end their sessions (a fresh token each, so the shared logins stay alive)
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const res = await api('POST', '/auth/local', { body: { identifier: LOGINS[who], password: SEED_PASSWORD } });
      expect((await api('POST', '/auth/logout', { token: res.body.jwt, body: {} })).status).toBe(200);
    }
  });

  it('other users’ tokens are untouched', async () => {
    const admin = await login('admin');
    const a = await createUser(admin);
    const b = await createUser(admin);
    const tokenB = await signIn(b.username, b.password);
    await api('POST', '/auth/logout', { token: await signIn(a.username, a.password), body: {} });
    expect(await meStatus(tokenB)).toBe(200);
  });
});

describe('one’s own password, CPF/CNPJ and e-mail through PUT /users/:id need the current password', () => {
  it('refuses a password in the body, pointing to change-password; the old password still signs in', async () => {
    const u = await createUser(await login('admin'));
    const token = await signIn(u.username, u.password);
    for (const body of [{ password: 'invasora1' }, { password: 'invasora1', currentPassword: u.password }]) {
      const res = await api('PUT', `/users/${u.id}`, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.message).toMatch(/change-password/);
    }
    await signIn(u.username, u.password);
    expect((await api('POST', '/auth/local', { body: { identifier: u.username, password: 'invasora1' } })).status).toBe(400);
  });

  it('changes the e-mail or the CPF/CNPJ only with the right current password', async () => {
    const u = await createUser(await login('admin'));
    const token = await signIn(u.username, u.password);
    const email = `outro${u.username}@teste.local`;
    const without = await api('PUT', `/users/${u.id}`, { token, body: { email } });
    expect(without.status).toBe(400);
    expect(without.body.error.message).toMatch(/senha atual/);
    const wrong = await api('PUT', `/users/${u.id}`, { token, body: { email, currentPassword: 'errada99' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('A senha atual está incorreta.');
    const username = uniqueCpf();
    expect((await api('PUT', `/users/${u.id}`, { token, body: { username } })).status).toBe(400);
    const admin = await login('admin');
    const stored = await api('GET', `/users/${u.id}`, { token: admin });
    expect(stored.body).toMatchObject({ email: u.email, username: u.username });

    const ok = await api('PUT', `/users/${u.id}`, { token, body: { email, username, currentPassword: u.password } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ email, username });
  });

  it('lets the profile save name, phone and the unchanged e-mail without the password', async () => {
    const u = await createUser(await login('admin'));
    const token = await signIn(u.username, u.password);
    const res = await api('PUT', `/users/${u.id}`, { token, body: { name: 'Só o Nome', email: u.email, phoneNumber: '11912345678', blocked: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Só o Nome', phone_number: '11912345678' });
  });

  it('lets an administrator set someone else’s e-mail without any password', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const res = await api('PUT', `/users/${u.id}`, { token: admin, body: { email: `adm${u.username}@teste.local` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('forgot-password', () => {
  it('still refuses a missing or malformed e-mail with 400', async () => {
    for (const body of [{}, { email: 'sem-arroba' }, { email: 42 }]) {
      expect((await api('POST', '/auth/forgot-password', { body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('roles: own role only for non-managers, no control characters in names', () => {
  it('a user who may not manage roles reads only their own role', async () => {
    const admin = await login('admin');
    const adminRole = await roleId(admin, 'administrador');
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const token = await login(who);
      const me = await api('GET', '/users/me?populate=role', { token });
      const list = await api('GET', '/users-permissions/roles', { token });
      expect(list.status).toBe(200);
      expect(list.body.roles.map((r: any) => r.id)).toEqual([me.body.role.id]);
      expect((await api('GET', `/users-permissions/roles/${me.body.role.id}`, { token })).status).toBe(200);
      const other = await api('GET', `/users-permissions/roles/${adminRole}`, { token });
      expect(other.status, who).toBe(403);
      expect(JSON.stringify(other.body)).not.toContain('createRole');
    }
    const all = await api('GET', '/users-permissions/roles', { token: admin });
    expect(all.body.roles.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses control characters in a role name (and in a description, tabs and line breaks aside)', async () => {
    const token = await login('admin');
    const before = (await api('GET', '/users-permissions/roles', { token })).body.roles.length;
    for (const body of [
      { name: 'Papel\u0000Nulo', description: 'x', permissions: {} },
      { name: 'Papel\u001bEsc', description: 'x', permissions: {} },
      { name: 'Papel\u007f', description: 'x', permissions: {} },
      { name: 'Papel Sino', description: 'toca\u0007', permissions: {} },
    ]) {
      const res = await api('POST', '/users-permissions/roles', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/caracteres de controle/);
    }
    expect((await api('GET', '/users-permissions/roles', { token })).body.roles).toHaveLength(before);
    const fine = await api('POST', '/users-permissions/roles', {
      token,
      body: { name: `Linhas ${uniqueCpf()}`, description: 'uma\nduas\tcolunas', permissions: {} },
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    const roles = (await api('GET', '/users-permissions/roles', { token })).body.roles;
    const role = roles.find((r: any) => r.description === 'uma\nduas\tcolunas');
    expect((await api('PUT', `/users-permissions/roles/${role.id}`, { token, body: { name: 'Mudo\u0000', description: 'x' } })).status).toBe(400);
    expect((await api('DELETE', `/users-permissions/roles/${role.id}`, { token })).status).toBe(200);
  });

  it('refuses a permission tree with a null or scalar anywhere (400) and writes no role (fuzz seed 1522346132 on PostgreSQL)', async () => {
    const token = await login('admin');
    const before = (await api('GET', '/users-permissions/roles', { token })).body.roles.length;
    const trees = [
      { '#n': null },
      { 'api::state': 'x' },
      { 'api::state': { controllers: null } },
      { 'api::state': { controllers: { state: null } } },
      { 'api::state': { controllers: { state: { find: true } } } },
      [],
    ];
    for (const permissions of trees) {
      const res = await api('POST', '/users-permissions/roles', { token, body: { name: `Árvore ${uniqueCpf()}`, description: 'x', permissions } });
      expect(res.status, JSON.stringify(permissions)).toBe(400);
      expect(res.body.error.message).toMatch(/^Permissões inválidas/);
    }
    expect((await api('GET', '/users-permissions/roles', { token })).body.roles).toHaveLength(before);
    const authenticated = (await api('GET', '/users-permissions/roles', { token })).body.roles.find((r: any) => r.type === 'authenticated');
    const put = await api('PUT', `/users-permissions/roles/${authenticated.id}`, {
      token,
      body: { permissions: { 'api::state': { controllers: { state: null } } } },
    });
    expect(put.status).toBe(400);
  });
});
