import { isDeepStrictEqual } from 'node:util';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGINS, SEED_PASSWORD, type SeedRole } from './helpers/api';
import { contentTypes } from './helpers/scope';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * The REST path's shortcuts answer like Strapi, checked in a
 * second, in-process Strapi.
 *
 * utils/output-sanitizer.ts replaces Strapi's output sanitiser with a one-pass equivalent
 * (docs/performance.md "The API's request path"). Here every answer a second, in-process Strapi sanitises also runs
 * through Strapi's own sanitiser (kept as `sanitize.output.strapi`) on a copy of the same data, in
 * the same request: for every content-type, `populate=*` and each relation populated one level
 * deeper with `*`, for every seeded role, plus /users and /users/me, both must answer the same.
 */
const ROLES: SeedRole[] = ['admin', 'concessionaria', 'despachante', 'vendedor'];

let server: Awaited<ReturnType<typeof startSecondStrapi>>;
const compared = { calls: 0, entities: 0, withRelations: 0 };
const mismatches: string[] = [];
/** The `auth` of a request of each role, caught on its way to the output sanitiser. */
const authOf = new Map<string, unknown>();
let currentRole = '';

beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
  const sanitize = server.strapi.contentAPI.sanitize;
  const fast = sanitize.output;
  const original = fast.strapi;
  expect(typeof original).toBe('function');
  sanitize.output = async (data: unknown, schema: any, options: any) => {
    if (currentRole && options?.auth?.ability && !authOf.has(currentRole)) authOf.set(currentRole, options.auth);
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
      currentRole = who;
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

/**
 * utils/query-cache.ts sanitises populate/sort/fields once per value and filters once per shape
 * (strings put back), and remembers which of them validated: for every content-type, a set of queries built from its schema (scalar,
 * relation, private and unknown fields, nested $and/$or/$not, $in lists, empty objects, deep
 * populate with filters, sorts, fields), for every role's ability, the cached answer — on the first
 * call (miss) and the second (hit), and with other strings in the same shape — equals Strapi's, and
 * so does the validation verdict (valid, or the same error).
 */
describe('query sanitiser cache', () => {
  it('answers like Strapi’s sanitiser for every content-type, query shape and role', async () => {
    const { cached, strapi: original } = (server.strapi.contentAPI.sanitize as any).queryCache;
    const validation = (server.strapi.contentAPI.validate as any).queryCache;
    const outcome = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return 'valid';
      } catch (e) {
        return `throws ${(e as Error).name}: ${(e as Error).message} ${JSON.stringify((e as any).details ?? null)}`;
      }
    };
    let invalid = 0;
    expect(authOf.size).toBe(ROLES.length);
    const bad: string[] = [];
    let checks = 0;
    for (const ct of contentTypes()) {
      const schema = server.strapi.getModel(ct.uid);
      const attrs = Object.entries(ct.attributes);
      const scalar = attrs.find(([, a]) => ['string', 'text', 'email', 'enumeration', 'datetime', 'date'].includes(a.type))?.[0] ?? 'id';
      const number = attrs.find(([, a]) => ['integer', 'decimal', 'biginteger', 'float'].includes(a.type))?.[0] ?? 'id';
      const relations = attrs.filter(([, a]) => a.type === 'relation').map(([n]) => n);
      const hidden = attrs.find(([, a]) => a.private || a.type === 'password')?.[0] ?? 'password';
      const queries = [
        `filters[${scalar}][$eq]=A`,
        `filters[${scalar}][$containsi]=a&filters[${number}][$gte]=1&filters[${number}][$lte]=9`,
        `filters[$or][0][${scalar}][$containsi]=x&filters[$or][1][id][$eq]=3&filters[$or][2][${hidden}][$eq]=s`,
        `filters[$and][0][$not][${scalar}][$null]=true&filters[$and][1][nope][$eq]=1&filters[$and][2][id][$in][0]=1&filters[$and][2][id][$in][1]=2`,
        `filters[id][$in][0]=1&filters[id][$in][1]=2&filters[id][$in][2]=3`,
        `filters[${scalar}][$between][0]=a&filters[${scalar}][$between][1]=b&sort[0]=${scalar}:desc&sort[1]=id`,
        `sort=${scalar}:asc,id:desc&fields[0]=${scalar}&fields[1]=id&fields[2]=${hidden}`,
        `populate=*&sort[0]=createdAt:desc`,
        ...relations.flatMap((r) => [
          `filters[${r}][id][$eq]=1&populate[${r}]=true`,
          `filters[${r}][name][$containsi]=z&filters[$or][0][${r}][username][$startsWith]=1&filters[$or][1][${r}][password][$eq]=x`,
          `populate[${r}][populate]=*&populate[${r}][filters][id][$gt]=0&populate[${r}][sort][0]=id:desc&populate[${r}][fields][0]=id`,
          `sort[0]=${r}.id:asc&filters[${r}][$null]=true`,
        ]),
      ];
      for (const [who, auth] of authOf) {
        for (const q of queries) {
          for (const variant of [q, q, q.replace(/=([^&]*)/g, (_m, v) => `=${v}9`)]) {
            const query = qs.parse(variant, { depth: 20, arrayLimit: 100 });
            const opts = { auth, strictParams: true };
            let theirs: unknown;
            let mine: unknown;
            try {
              theirs = await original(structuredClone(query), schema, opts);
            } catch (e) {
              theirs = `throws ${(e as Error).message}`;
            }
            try {
              mine = await cached(structuredClone(query), schema, opts);
            } catch (e) {
              mine = `throws ${(e as Error).message}`;
            }
            checks += 1;
            if (!isDeepStrictEqual(JSON.parse(JSON.stringify(mine)), JSON.parse(JSON.stringify(theirs)))) {
              bad.push(`${who} ${ct.uid} ${variant}: ${JSON.stringify(mine)} ≠ ${JSON.stringify(theirs)}`);
            }
            const theirVerdict = await outcome(() => validation.strapi(structuredClone(query), schema, opts));
            const myVerdict = await outcome(() => validation.cached(structuredClone(query), schema, opts));
            if (theirVerdict !== 'valid') invalid += 1;
            if (myVerdict !== theirVerdict) bad.push(`validate ${who} ${ct.uid} ${variant}: ${myVerdict} ≠ ${theirVerdict}`);
          }
        }
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    expect(checks).toBeGreaterThan(1000);
    // both verdicts occur: the comparison covers refusals too
    expect(invalid).toBeGreaterThan(100);
    expect(checks - invalid).toBeGreaterThan(100);
    console.log(`[query-cache] ${checks} queries compared (sanitised and validated; ${invalid} refused by validation)`);
  }, 300_000);
});
