import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGINS, SEED_PASSWORD, type SeedRole } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';
import { SETTLE_MS } from '../src/utils/role-permissions-cache';

/**
 * The statements a content-API request runs besides its query (src/extensions/users-permissions/auth-strategies.ts, utils/user-exposure.ts), counted
 * through knex's `query` event in a second, in-process Strapi — and the answers that must not
 * change with them: a JWT-shaped bearer is not looked up as an API token (and a bad one is refused
 * as before), a hex bearer still is (an expired API token answers Strapi's "Token expired"), the
 * users-permissions "advanced" settings are read only for an unconfirmed user (whom
 * `email_confirmation` still refuses), and a list answer's users are judged in one statement.
 */
let server: Awaited<ReturnType<typeof startSecondStrapi>>;
const statements: string[] = [];

beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
  server.strapi.db.connection.on('query', (q: { sql: string }) => statements.push(String(q.sql)));
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function token(who: SeedRole): Promise<string> {
  const res = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS[who], password: SEED_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.jwt;
}

/** GET `path` with `bearer`; the answer and the SQL statements run while it was served. */
async function get(path: string, bearer?: string) {
  const from = statements.length;
  const res = await requestFrom(server.port, 'GET', `/api${path}`, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
  return { ...res, sql: statements.slice(from) };
}

const on = (table: string) => (sql: string) => sql.includes(`from \`${table}\``) || sql.includes(`from "${table}"`);

describe('authentication statements', () => {
  it('a signed-in request does not look its JWT up as an API token, nor read the advanced settings', async () => {
    const res = await get('/sales-orders?populate=*', await token('admin'));
    expect(res.status).toBe(200);
    expect(res.sql.filter(on('strapi_api_tokens'))).toEqual([]);
    expect(res.sql.filter(on('strapi_core_store_settings'))).toEqual([]);
    // before the query: the caller with its role (two statements), and at most the role's
    // permissions (see 'role permissions' below)
    const before = res.sql.findIndex(on('sales_orders'));
    expect(res.sql.slice(0, before).filter((sql) => sql.startsWith('select')).length).toBeLessThanOrEqual(3);
  });

  it('a bad JWT-shaped bearer is refused as before, without an API-token lookup', async () => {
    const good = await token('admin');
    const [head, body] = good.split('.');
    for (const bad of [`${head}.${body}.AAAA`, 'a.b.c', `${head}.${body}.`]) {
      const res = await get('/sales-orders', bad);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Missing or invalid credentials');
      expect(res.sql.filter(on('strapi_api_tokens'))).toEqual([]);
    }
  });

  it('any other bearer is still looked up as an API token: an expired one answers Strapi’s "Token expired"', async () => {
    const tokens = server.strapi.service('admin::api-token-content-api');
    const created = await tokens.create({ name: `expired-${Date.now()}`, description: '', type: 'read-only', lifespan: null });
    expect(created.accessKey).toMatch(/^[0-9a-f]+$/);
    const fresh = await get('/vehicle-types', created.accessKey);
    expect(fresh.sql.filter(on('strapi_api_tokens')).length).toBeGreaterThan(0);
    expect(fresh.status).not.toBe(401);
    await server.strapi.db.query('admin::api-token').update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const expired = await get('/vehicle-types', created.accessKey);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('Token expired');
    const garbage = await get('/vehicle-types', 'not-a-token');
    expect(garbage.status).toBe(401);
    expect(garbage.body.error.message).toBe('Missing or invalid credentials');
    expect(garbage.sql.filter(on('strapi_api_tokens'))).toHaveLength(1);
  });

  it('an unconfirmed user: the advanced settings are read, and email_confirmation refuses it', async () => {
    const strapi = server.strapi;
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const username = `U${Date.now()}`;
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: { username, email: `${username.toLowerCase()}@example.com`, provider: 'local', confirmed: false, blocked: false, role: role.id, token_version: 0 },
    });
    const jwt = await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id, tv: 0 });
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = await store.get({ key: 'advanced' });
    try {
      await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: false } });
      const allowed = await get('/users/me', jwt);
      expect(allowed.status).toBe(200);
      expect(allowed.sql.filter(on('strapi_core_store_settings'))).toHaveLength(1);
      await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
      const refused = await get('/users/me', jwt);
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toBe('Invalid credentials');
      // confirmed: the setting cannot refuse, so it is not read
      await strapi.db.query('plugin::users-permissions.user').update({ where: { id: user.id }, data: { confirmed: true } });
      const confirmed = await get('/users/me', jwt);
      expect(confirmed.status).toBe(200);
      expect(confirmed.sql.filter(on('strapi_core_store_settings'))).toEqual([]);
    } finally {
      await store.set({ key: 'advanced', value: advanced });
    }
  });
});

describe('role permissions (utils/role-permissions-cache.ts)', () => {
  const ROLE = 'plugin::users-permissions.role';
  const PERMISSION = 'plugin::users-permissions.permission';
  const FIND = 'api::vehicle-type.vehicle-type.find';
  /**
   * The role's version made older than SETTLE_MS, as if that time had passed since its last
   * change: its permissions may be kept now. Written as the app stamps versions (an `updateMany`
   * keeps the `updatedAt` it is given; `update` would set it to now).
   */
  const settle = (roleId: number) =>
    server.strapi.db.query(ROLE).updateMany({ where: { id: roleId }, data: { updatedAt: new Date(Date.now() - SETTLE_MS - 1_000) } });

  it('are read again at once after any write of a permission row, and not otherwise once the role settled', async () => {
    const strapi = server.strapi;
    const stamp = Date.now();
    const role = await strapi.db.query(ROLE).create({ data: { name: `Cache ${stamp}`, description: 'test', type: `cache-${stamp}` } });
    const username = `C${stamp}`;
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: { username, email: `${username.toLowerCase()}@example.com`, provider: 'local', confirmed: true, blocked: false, role: role.id, token_version: 0 },
    });
    const jwt = await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id, tv: 0 });
    const permissionReads = (r: { sql: string[] }) => r.sql.filter(on('up_permissions')).length;

    await settle(role.id);
    const first = await get('/vehicle-types', jwt);
    expect(first.status).toBe(403);
    expect(permissionReads(first)).toBe(1);
    const cached = await get('/vehicle-types', jwt);
    expect(cached.status).toBe(403);
    expect(permissionReads(cached)).toBe(0);

    // a grant written straight through the query engine applies to the very next request
    const granted = await strapi.db.query(PERMISSION).create({ data: { action: FIND, role: role.id } });
    const allowed = await get('/vehicle-types', jwt);
    expect(allowed.status).toBe(200);
    expect(permissionReads(allowed)).toBe(1);
    await settle(role.id);
    expect((await get('/vehicle-types', jwt)).status).toBe(200);
    const allowedCached = await get('/vehicle-types', jwt);
    expect(allowedCached.status).toBe(200);
    expect(permissionReads(allowedCached)).toBe(0);

    // and so does a revocation, at once
    await strapi.db.query(PERMISSION).deleteMany({ where: { id: granted.id } });
    const revoked = await get('/vehicle-types', jwt);
    expect(revoked.status).toBe(403);
    expect(permissionReads(revoked)).toBe(1);
  }, 30_000);

  it('an edit through the roles API applies to the next request', async () => {
    const strapi = server.strapi;
    const admin = await token('admin');
    const stamp = Date.now();
    const role = await strapi.db.query(ROLE).create({ data: { name: `Api ${stamp}`, description: 'test', type: `api-${stamp}` } });
    const username = `A${stamp}`;
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: { username, email: `${username.toLowerCase()}@example.com`, provider: 'local', confirmed: true, blocked: false, role: role.id, token_version: 0 },
    });
    const jwt = await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id, tv: 0 });
    await settle(role.id);
    expect((await get('/vehicle-types', jwt)).status).toBe(403);
    expect((await get('/vehicle-types', jwt)).status).toBe(403);
    const tree = (await requestFrom(server.port, 'GET', `/api/users-permissions/roles/${role.id}`, { headers: { Authorization: `Bearer ${admin}` } })).body.role
      .permissions;
    tree['api::vehicle-type'].controllers['vehicle-type'].find.enabled = true;
    const put = await requestFrom(server.port, 'PUT', `/api/users-permissions/roles/${role.id}`, {
      headers: { Authorization: `Bearer ${admin}` },
      body: { name: role.name, description: role.description, permissions: tree },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await get('/vehicle-types', jwt)).status).toBe(200);
  }, 30_000);
});

describe('user exposure statements', () => {
  it.each(['despachante', 'concessionaria'] as const)('a scoped list answer’s users are judged in one statement (%s)', async (role) => {
    const res = await get('/sales-orders?populate=*&pagination[pageSize]=25', await token(role));
    expect(res.status).toBe(200);
    const users = new Set<number>();
    for (const order of res.body.data) for (const key of ['user_id', 'user_company_id', 'user_dispatcher_id']) if (order[key]?.id) users.add(order[key].id);
    expect(res.body.data.length).toBeGreaterThan(1);
    expect(users.size).toBeGreaterThan(1);
    // user-exposure.ts verdicts: the users in scope, with each one's dealership login for a dealership
    const verdicts = res.sql.filter((sql) => on('up_users')(sql) && /^select (distinct )?[`"]t0[`"]\.[`"]id[`"](,| from)/.test(sql));
    expect(verdicts, res.sql.filter(on('up_users')).join('\n')).toHaveLength(1);
    if (role === 'concessionaria') expect(verdicts[0]).toMatch(/as [`"]dealer[`"]/);
  });
});
