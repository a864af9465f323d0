import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGINS, SEED_PASSWORD, type SeedRole } from './helpers/api';
import { contentTypes } from './helpers/scope';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * utils/output-sanitizer.ts replaces Strapi's output sanitiser with a one-pass equivalent (issue 14
 * "Find where the time goes"). Here every answer a second, in-process Strapi sanitises also runs
 * through Strapi's own sanitiser (kept as `sanitize.output.strapi`) on a copy of the same data, in
 * the same request: for every content-type, `populate=*` and each relation populated one level
 * deeper with `*`, for every seeded role, plus /users and /users/me, both must answer the same.
 */
const ROLES: SeedRole[] = ['admin', 'concessionaria', 'despachante', 'vendedor'];

let server: Awaited<ReturnType<typeof startSecondStrapi>>;
const compared = { calls: 0, entities: 0, withRelations: 0 };
const mismatches: string[] = [];

beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
  const sanitize = server.strapi.contentAPI.sanitize;
  const fast = sanitize.output;
  const original = fast.strapi;
  expect(typeof original).toBe('function');
  sanitize.output = async (data: unknown, schema: any, options: any) => {
    const mine = await fast(structuredClone(data), schema, options);
    const theirs = await original(structuredClone(data), schema, options);
    compared.calls += 1;
    const list = Array.isArray(theirs) ? theirs : [theirs];
    compared.entities += list.length;
    if (list.some((e: any) => e && Object.values(e).some((v) => v && typeof v === 'object'))) compared.withRelations += 1;
    if (!isDeepStrictEqual(mine, theirs)) {
      mismatches.push(`${schema?.uid}: ${JSON.stringify(mine).slice(0, 400)} ≠ ${JSON.stringify(theirs).slice(0, 400)}`);
    }
    return mine;
  };
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function token(who: SeedRole): Promise<string> {
  const res = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS[who], password: SEED_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.jwt;
}

describe('one-pass output sanitiser', () => {
  it('answers like Strapi’s for every content-type, populate depth and role', async () => {
    const paths: string[] = ['/users?populate=*', '/users/me?populate=*'];
    for (const ct of contentTypes()) {
      paths.push(`${ct.path}?populate=*&pagination[pageSize]=25`);
      for (const [name, attribute] of Object.entries(ct.attributes)) {
        if (attribute.type === 'relation' || attribute.type === 'media' || attribute.type === 'component') {
          paths.push(`${ct.path}?populate[${name}][populate]=*&pagination[pageSize]=25`);
        }
      }
    }
    let ok = 0;
    for (const who of ROLES) {
      const headers = { Authorization: `Bearer ${await token(who)}` };
      for (const p of paths) {
        const res = await requestFrom(server.port, 'GET', `/api${p}`, { headers });
        if (res.status === 200) ok += 1;
      }
    }
    expect(mismatches).toEqual([]);
    // the comparison ran on real answers, relations included
    expect(ok).toBeGreaterThan(100);
    expect(compared.calls).toBeGreaterThan(100);
    expect(compared.withRelations).toBeGreaterThan(50);
    console.log(`[output-sanitizer] ${compared.calls} sanitiser calls compared (${compared.entities} entities), ${ok} answers 200`);
  }, 300_000);
});
