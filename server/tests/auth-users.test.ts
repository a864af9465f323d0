import { describe, expect, it } from 'vitest';
import { api, login, LOGINS, SEED_PASSWORD, waitForEmail } from './helpers/api';
import { expectEvery } from './helpers/expect';
import { createUser, roleId, uniqueCpf } from './helpers/users';

describe('POST /auth/local', () => {
  it('signs in with a CPF and with a CNPJ and answers {jwt, user}', async () => {
    for (const identifier of [LOGINS.admin, LOGINS.despachante]) {
      const res = await api('POST', '/auth/local', { body: { identifier, password: SEED_PASSWORD } });
      expect(res.status).toBe(200);
      expect(typeof res.body.jwt).toBe('string');
      expect(res.body.user.username).toBe(identifier);
      expect(res.body.user.password).toBeUndefined();
    }
  });

  it('accepts a punctuated CPF/CNPJ identifier and the e-mail', async () => {
    for (const identifier of ['529.982.247-25', '11.222.333/0001-81', 'ADMIN@balcao.local']) {
      const res = await api('POST', '/auth/local', { body: { identifier, password: SEED_PASSWORD } });
      expect(res.status, identifier).toBe(200);
    }
  });

  it('refuses a wrong password with 400 and a message', async () => {
    const res = await api('POST', '/auth/local', { body: { identifier: LOGINS.vendedor, password: 'errada123' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/invalid/i);
  });

  it('issues a JWT that lives 7 days (JWT_EXPIRES_IN default)', async () => {
    const jwt = await login('vendedor');
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });

  it('answers CORS preflights for configured origins only, allowing Idempotency-Key', async () => {
    const { apiUrl } = await import('./helpers/api');
    const pre = (origin: string) =>
      fetch(`${apiUrl()}/receivables`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key,content-type' },
      });
    const ok = await pre('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    const bad = await pre('http://evil.example');
    expect(bad.headers.get('access-control-allow-origin')).not.toBe('http://evil.example');
  });

  it('sets no refresh cookie: the jwt alone is the session (legacy-support)', async () => {
    const res = await api('POST', '/auth/local', { body: { identifier: LOGINS.vendedor, password: SEED_PASSWORD } });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/refresh/i);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link to the PWA (outbox) and the code resets the password', async () => {
    const admin = await login('admin');
    const user = await createUser(admin);
    const forgot = await api('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const mail = await waitForEmail(user.email);
    expect(mail).not.toBeNull();
    const link = mail.links.find((l: string) => l.includes('/reset-password'));
    expect(link).toMatch(/^http:\/\/localhost:4173\/reset-password\?code=/);
    const code = new URL(link).searchParams.get('code');

    const reset = await api('POST', '/auth/reset-password', { body: { code, password: 'novaSenha9', passwordConfirmation: 'novaSenha9' } });
    expect(reset.status).toBe(200);
    expect(typeof reset.body.jwt).toBe('string');
    const ok = await api('POST', '/auth/local', { body: { identifier: user.username, password: 'novaSenha9' } });
    expect(ok.status).toBe(200);
    const again = await api('POST', '/auth/reset-password', { body: { code, password: 'outra123', passwordConfirmation: 'outra123' } });
    expect(again.status).toBe(400);
  });

  it('answers ok for an unknown e-mail (no account enumeration) and 400 for a missing one', async () => {
    expect((await api('POST', '/auth/forgot-password', { body: { email: 'ninguem@nada.local' } })).status).toBe(200);
    expect((await api('POST', '/auth/forgot-password', { body: {} })).status).toBe(400);
  });
});

describe('GET /users/me', () => {
  it('returns the caller with role {id, name, type} for every seeded role', async () => {
    const expected = { admin: 'administrador', despachante: 'despachante', concessionaria: 'concessionaria', vendedor: 'vendedor' } as const;
    for (const [who, type] of Object.entries(expected)) {
      const res = await api('GET', '/users/me?populate=role', { token: await login(who as keyof typeof expected) });
      expect(res.status).toBe(200);
      expect(res.body.username).toBe(LOGINS[who as keyof typeof LOGINS]);
      expect(res.body.role).toMatchObject({ type });
      expect(typeof res.body.role.name).toBe('string');
      expect(res.body.password).toBeUndefined();
    }
    const plain = await api('GET', '/users/me', { token: await login('vendedor') });
    expect(plain.body.role.type).toBe('vendedor');
  });

  it('is 403 without a token (public role), 401 with a dead one', async () => {
    expect((await api('GET', '/users/me')).status).toBe(403); // the public role lacks user.me
    expect((await api('GET', '/users/me', { token: 'not.a.jwt' })).status).toBe(401);
  });
});

describe('GET /users (paged)', () => {
  it('answers {data, meta.pagination} and honours page/pageSize', async () => {
    const token = await login('admin');
    const res = await api('GET', '/users?populate=*&pagination[page]=1&pagination[pageSize]=2', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.meta.pagination).toMatchObject({ page: 1, pageSize: 2 });
    expect(res.body.meta.pagination.total).toBeGreaterThanOrEqual(4);
    expect(res.body.meta.pagination.pageCount).toBe(Math.ceil(res.body.meta.pagination.total / 2));
    const page2 = await api('GET', '/users?pagination[page]=2&pagination[pageSize]=2', { token });
    expect(page2.body.data[0].id).not.toBe(res.body.data[0].id);
    expect(res.body.data[0].password).toBeUndefined();
  });

  it('filters with $eq on id and blocked and $containsi on username, email and name; sorts', async () => {
    const token = await login('admin');
    const me = await api('GET', '/users/me', { token });
    const byId = await api('GET', `/users?filters[id][$eq]=${me.body.id}`, { token });
    expect(byId.body.data.map((u: any) => u.id)).toEqual([me.body.id]);
    const byUsername = await api('GET', `/users?filters[username][$containsi]=${LOGINS.despachante.slice(0, 8)}`, { token });
    expect(byUsername.body.data.some((u: any) => u.username === LOGINS.despachante)).toBe(true);
    const byEmail = await api('GET', '/users?filters[email][$containsi]=CONCESSIONARIA@', { token });
    expect(byEmail.body.data.map((u: any) => u.email)).toContain('concessionaria@balcao.local');
    const byName = await api('GET', '/users?filters[name][$containsi]=administrador', { token });
    expect(byName.body.data.map((u: any) => u.username)).toContain(LOGINS.admin);
    const blocked = await createUser(token, { blocked: true });
    const onlyBlocked = await api('GET', '/users?filters[blocked][$eq]=true&pagination[pageSize]=100', { token });
    expectEvery(onlyBlocked.body.data, (u: any) => u.blocked === true);
    expect(onlyBlocked.body.data.map((u: any) => u.id)).toContain(blocked.id);
    const sorted = await api('GET', '/users?sort[0]=id:desc&pagination[pageSize]=5', { token });
    const ids = sorted.body.data.map((u: any) => u.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('lists party accounts by type for select lists, and shows non-admins only public fields of party accounts', async () => {
    const admin = await login('admin');
    const res = await api('GET', '/users?filters[type][$eq]=dispatcher&pagination[page]=1&pagination[pageSize]=100', { token: admin });
    expect(res.body.data.map((u: any) => u.username)).toContain(LOGINS.despachante);
    const desp = await api('GET', '/users?filters[type][$eq]=company&pagination[pageSize]=100', { token: await login('despachante') });
    expect(desp.status).toBe(200);
    const dealer = desp.body.data.find((u: any) => u.name === 'Concessionária Demo' || u.type === 'company');
    expect(dealer).toBeTruthy();
    expectEvery(desp.body.data, (u: any) => !('username' in u) && !('email' in u) && !('phone_number' in u));
    const all = await api('GET', '/users?pagination[pageSize]=100', { token: await login('despachante') });
    expectEvery(all.body.data, (u: any) => ['company', 'dispatcher'].includes(u.type));
    expect(Object.keys(all.body.data[0])).not.toContain('role');
  });

  it('refuses unknown query keys and bad pagination with 400', async () => {
    const token = await login('admin');
    expect((await api('GET', '/users?foo=1', { token })).status).toBe(400);
    expect((await api('GET', '/users?pagination[page]=abc', { token })).status).toBe(400);
    expect((await api('GET', '/users?filters[password][$eq]=x', { token })).status).toBe(400);
  });
});

describe('POST /users', () => {
  it('creates from {data} with role and state connect lists; the new user can sign in', async () => {
    const admin = await login('admin');
    const u = await createUser(admin, { confirmPassword: 'segredo1' });
    const got = await api('GET', `/users/${u.id}?populate=*`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ username: u.username, provider: 'local', confirmed: true, type: 'salesman' });
    expect(got.body.role.type).toBe('vendedor');
    expect(got.body.address_state_id.abbreviation).toBe('SP');
    expect((await api('POST', '/auth/local', { body: { identifier: u.username, password: u.password } })).status).toBe(200);
  });

  it('accepts an alphanumeric CNPJ username and refuses invalid documents with a readable 400', async () => {
    const admin = await login('admin');
    const ok = await api('POST', '/users', {
      token: admin,
      body: { data: { username: '12.ABC.345/01DE-35', email: 'alfa@teste.local', name: 'Empresa Alfa', password: 'segredo1' } },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.username).toBe('12ABC34501DE35');
    const bad = await api('POST', '/users', {
      token: admin,
      body: { data: { username: '12345678900', email: 'x1@teste.local', name: 'Xis', password: 'segredo1' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('CPF inválido');
    const short = await api('POST', '/users', {
      token: admin,
      body: { data: { username: '123', email: 'x2@teste.local', name: 'Xis', password: 'segredo1' } },
    });
    expect(short.body.error.message).toBe('CPF/CNPJ é obrigatório');
    const dup = await api('POST', '/users', {
      token: admin,
      body: { data: { username: LOGINS.vendedor, email: 'x3@teste.local', name: 'Xis', password: 'segredo1' } },
    });
    expect(dup.status).toBe(400);
    const pw = await api('POST', '/users', {
      token: admin,
      body: { username: uniqueCpf(), email: 'x4@teste.local', name: 'Xis', password: '123', confirmPassword: '123' },
    });
    expect(pw.status).toBe(400);
    expect(pw.body.error.message).toBe('Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir');
    const unknown = await api('POST', '/users', {
      token: admin,
      body: { data: { username: uniqueCpf(), email: 'x5@teste.local', name: 'Xis', password: 'segredo1', isAdmin: true } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Invalid key isAdmin');
  });

  it('is refused to non-administrators', async () => {
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const res = await api('POST', '/users', {
        token: await login(who),
        body: { data: { username: uniqueCpf(), email: `n${who}@t.local`, name: 'Novo', password: 'segredo1' } },
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('PUT /users/:id', () => {
  it('lets a user update their own profile (name, email with the current password, phoneNumber, unchanged blocked)', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const token = await login({ identifier: u.username, password: u.password });
    const res = await api('PUT', `/users/${u.id}`, {
      token,
      body: { name: 'Nome Novo', email: `novo${u.username}@t.local`, phoneNumber: '11987654321', blocked: false, currentPassword: u.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nome Novo', phone_number: '11987654321', email: `novo${u.username}@t.local` });
  });

  it('refuses another user (403) and escalation of role/blocked/type by a non-admin (403)', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const token = await login({ identifier: u.username, password: u.password });
    const me = await api('GET', '/users/me', { token: admin });
    expect((await api('PUT', `/users/${me.body.id}`, { token, body: { name: 'Hacker' } })).status).toBe(403);
    const adminRole = await roleId(admin, 'administrador');
    for (const body of [{ role: adminRole }, { role: { connect: [{ id: adminRole }] } }, { blocked: true }, { type: 'admin' }, { confirmed: false }]) {
      const res = await api('PUT', `/users/${u.id}`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.message, JSON.stringify(body)).toMatch(/Apenas administradores/);
    }
    const after = await api('GET', `/users/${u.id}?populate=role`, { token: admin });
    expect(after.body.role.type).toBe('vendedor');
    expect(after.body.blocked).toBe(false);
  });

  it('lets an administrator change anyone, including role and blocked; a blocked user’s token stops working', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const userToken = await login({ identifier: u.username, password: u.password });
    const res = await api('PUT', `/users/${u.id}`, {
      token: admin,
      body: { blocked: true, role: { connect: [{ id: await roleId(admin, 'despachante') }] }, type: 'dispatcher' },
    });
    expect(res.status).toBe(200);
    const got = await api('GET', `/users/${u.id}?populate=role`, { token: admin });
    expect(got.body).toMatchObject({ blocked: true, type: 'dispatcher' });
    expect(got.body.role.type).toBe('despachante');
    const blockedLogin = await api('POST', '/auth/local', { body: { identifier: u.username, password: u.password } });
    expect(blockedLogin.status).toBe(400);
    expect((await api('GET', '/users/me', { token: userToken })).status).toBe(401);
  });
});

describe('POST /users/:id/change-password', () => {
  it('changes one’s own password when the current one is right; 400 when wrong or mismatched', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const token = await login({ identifier: u.username, password: u.password });
    const wrong = await api('POST', `/users/${u.id}/change-password`, {
      token,
      body: { currentPassword: 'errada', password: 'nova1234', passwordConfirmation: 'nova1234' },
    });
    expect(wrong.status).toBe(400);
    const mismatch = await api('POST', `/users/${u.id}/change-password`, {
      token,
      body: { currentPassword: u.password, password: 'nova1234', passwordConfirmation: 'nova12345' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe('As novas senhas não coincidem.');
    const ok = await api('POST', `/users/${u.id}/change-password`, {
      token,
      body: { currentPassword: u.password, password: 'nova1234', passwordConfirmation: 'nova1234' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    expect((await api('POST', '/auth/local', { body: { identifier: u.username, password: 'nova1234' } })).status).toBe(200);
    expect((await api('POST', '/auth/local', { body: { identifier: u.username, password: u.password } })).status).toBe(400);
  });

  it('lets an administrator reset someone else’s password without theirs; refuses other users', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    const ok = await api('POST', `/users/${u.id}/change-password`, { token: admin, body: { password: 'definida1', passwordConfirmation: 'definida1' } });
    expect(ok.status).toBe(200);
    expect((await api('POST', '/auth/local', { body: { identifier: u.username, password: 'definida1' } })).status).toBe(200);
    const other = await api('POST', `/users/${u.id}/change-password`, {
      token: await login('vendedor'),
      body: { currentPassword: 'definida1', password: 'roubada1', passwordConfirmation: 'roubada1' },
    });
    expect(other.status).toBe(403);
  });
});

describe('DELETE /users/:id', () => {
  it('administrators delete; others may not', async () => {
    const admin = await login('admin');
    const u = await createUser(admin);
    expect((await api('DELETE', `/users/${u.id}`, { token: await login('despachante') })).status).toBe(403);
    expect((await api('DELETE', `/users/${u.id}`, { token: admin })).status).toBe(200);
    expect((await api('GET', `/users/${u.id}`, { token: admin })).status).toBe(404);
  });
});
