import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectEvery } from './helpers/expect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * The production defaults on a second real Strapi: the /auth rate limit
 * on (10 a minute per address + identifier, 30 per identifier, 100 per address), no proxy
 * trusted, no CORS origin configured. Client addresses are real loopback addresses (127.0.0.x).
 */
let server: Awaited<ReturnType<typeof startSecondStrapi>>;

beforeAll(async () => {
  server = await startSecondStrapi({
    AUTH_RATELIMIT: 'true',
    AUTH_RATELIMIT_MAX: undefined,
    AUTH_RATELIMIT_IDENTIFIER_MAX: undefined,
    AUTH_RATELIMIT_ADDRESS_MAX: undefined,
    TRUST_PROXY_HOPS: undefined,
    CORS_ORIGINS: undefined,
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const attempt = (identifier: string, localAddress: string, headers: Record<string, string> = {}) =>
  requestFrom(server.port, 'POST', '/api/auth/local', { localAddress, headers, body: { identifier, password: 'errada-de-proposito' } });

describe('login rate limit', () => {
  it('cannot be dodged with a different X-Forwarded-For (no proxy trusted by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await attempt('52998224725', '127.0.0.1', { 'X-Forwarded-For': `203.0.113.${i + 1}`, 'X-Real-IP': `198.51.100.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a locked address + identifier locks out neither the same account elsewhere nor other accounts here', async () => {
    // 52998224725 is now refused from 127.0.0.1 (previous test)
    expect((await attempt('52998224725', '127.0.0.1')).status).toBe(429);
    expect((await attempt('52998224725', '127.0.0.2')).status).toBe(400);
    expect((await attempt('11144477735', '127.0.0.1')).status).toBe(400);
    // the identifier is keyed in its stored form: punctuation does not open a new bucket
    expect((await attempt('529.982.247-25', '127.0.0.1')).status).toBe(429);
  });

  it('many addresses cannot hammer one account (30 a minute from anywhere)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await attempt('45283095000136', `127.0.1.${i + 1}`)).status);
    expectEvery(statuses.slice(0, 30), (s) => s === 400);
    expect(statuses.slice(30)).toEqual([429, 429]);
  }, 120_000); // 32 sign-ins checked with bcrypt, one after the other

  it('one address cannot spray every account (100 a minute over all identifiers)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await attempt(`conta${i}@teste.local`, '127.0.2.1')).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[100]).toBe(429);
    // a neighbour address is unaffected
    expect((await attempt('conta0@teste.local', '127.0.2.2')).status).toBe(400);
  }, 120_000); // 101 sign-ins, one after the other

  it('also limits forgot-password per address and e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await requestFrom(server.port, 'POST', '/api/auth/forgot-password', { localAddress: '127.0.3.1', body: { email: 'alguem@teste.local' } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const other = await requestFrom(server.port, 'POST', '/api/auth/forgot-password', { localAddress: '127.0.3.1', body: { email: 'outra@teste.local' } });
    expect(other.status).toBe(200);
  });
});

describe('forgot-password does the account work off the request path', () => {
  // on this instance's own outbox: making the shared one unwritable would lose other test files' e-mails
  it('answers the same {ok:true} for a known e-mail even when the mail cannot be sent (no 500 oracle)', async () => {
    const dir = process.env.EMAIL_OUTBOX_DIR as string;
    const users = server.strapi.db.query('plugin::users-permissions.user');
    const user = await users.findOne({ where: { username: '11144477735' } });
    const forgot = (email: string) => requestFrom(server.port, 'POST', '/api/auth/forgot-password', { localAddress: '127.0.4.1', body: { email } });
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a directory: the outbox provider fails to write');
    try {
      const known = await forgot(user.email);
      const unknown = await forgot('ninguem-aqui@teste.local');
      expect(known.status, JSON.stringify(known.body)).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(unknown.status).toBe(200);
      // the background work reaches the e-mail (it stores the reset token first), which fails to be written
      await expect.poll(async () => (await users.findOne({ where: { id: user.id } })).resetPasswordToken, { timeout: 10_000 }).toBeTruthy();
    } finally {
      rmSync(dir, { force: true });
    }
    // with the outbox writable, the reset e-mail goes out after the answer
    expect((await forgot(user.email)).status).toBe(200);
    const sentTo = () =>
      existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.json'))
            .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')).to)
        : [];
    await expect.poll(sentTo, { timeout: 10_000 }).toContain(user.email);
  });
});

describe('CORS default', () => {
  it('echoes no development origin unless CORS_ORIGINS configures it', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://evil.example']) {
      const res = await requestFrom(server.port, 'OPTIONS', '/api/receivables', {
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
