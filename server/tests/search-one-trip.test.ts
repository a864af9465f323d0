import qs from 'qs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD, type SeedRole } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';
import { RECEIVABLE_POPULATE, containsi, orderOr, receivableOr, type Row } from './helpers/search-queries';

/**
 * A search of the receivables and orders boxes on PostgreSQL in one trip (utils/search/one-trip.ts,
 * docs/architecture.md "Free-text search"): counted through knex's `query` event in a second,
 * in-process Strapi on the run's database,
 * - a search runs 3 statements (the caller with its role; the related-id lookups; the page's ids, the total and
 *   the page's rows with their relations and the users' verdicts), where the Document Service path ran 13–27;
 * - random searches (term, filters, sort, page, page size; four roles) answer the very JSON the
 *   Document Service path answers (SEARCH_ONE_TRIP=false; the one-trip path is the default; read per request, in the same process).
 */
const postgres = inject('database').client === 'postgres';
let server: Awaited<ReturnType<typeof startSecondStrapi>>;
const statements: string[] = [];
const tokens = new Map<SeedRole, string>();

/** GET /api`path` as `who`: status, body and the SQL statements run while it was served (BEGIN/COMMIT included; a reload of the role's permissions left out). */
async function get(who: SeedRole, path: string) {
  let jwt = tokens.get(who);
  if (!jwt) {
    const res = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS[who], password: SEED_PASSWORD } });
    expect(res.status).toBe(200);
    jwt = res.body.jwt as string;
    tokens.set(who, jwt);
  }
  const from = statements.length;
  const res = await requestFrom(server.port, 'GET', `/api${path}`, { headers: { Authorization: `Bearer ${jwt}` } });
  // the role's permissions are read again only when the role changed since the last read (utils/role-permissions-cache.ts):
  // test files running beside this one edit roles, so that read is left out of the request's own statements; so is the
  // unattached-files sweep, which the test harness runs every 3 s (global-setup.ts UNATTACHED_FILE_SWEEP_RULE)
  const sql = statements
    .slice(from)
    .filter(
      (statement) => !/ from "(public"\.")?up_permissions" /.test(statement) && !/^select "files"\."id" from "files" where "created_at" </.test(statement),
    );
  return { status: res.status, body: res.body, sql };
}

/** The same request on the Document Service path (SEARCH_ONE_TRIP=false) and on the one-trip path (the default, asked for explicitly). */
async function both(who: SeedRole, path: string) {
  process.env.SEARCH_ONE_TRIP = 'false';
  try {
    const old = await get(who, path);
    process.env.SEARCH_ONE_TRIP = 'true';
    return { old, now: await get(who, path) };
  } finally {
    delete process.env.SEARCH_ONE_TRIP;
  }
}

const list = (kind: 'receivables' | 'sales-orders', query: Row) => `/${kind}?${qs.stringify(query, { encodeValuesOnly: true })}`;
const receivables = (term: string, extra: Row = {}) =>
  list('receivables', { populate: RECEIVABLE_POPULATE, filters: { $and: [{ $or: receivableOr(term) }] }, pagination: { page: 1, pageSize: 25 }, ...extra });
const orders = (term: string, extra: Row = {}) =>
  list('sales-orders', { populate: '*', filters: { $and: [{ $or: orderOr(term) }] }, pagination: { page: 1, pageSize: 25 }, ...extra });

describe.runIf(postgres)('search in one trip (PostgreSQL)', () => {
  beforeAll(async () => {
    server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' }, inject('database'));
    server.strapi.db.connection.on('query', (q: { sql: string }) => statements.push(String(q.sql)));
  }, 180_000);
  afterAll(async () => {
    delete process.env.SEARCH_ONE_TRIP;
    await server?.stop();
  });

  it('a search runs 3 statements (12 or more on the Document Service path), with the same answer', async () => {
    const counts: Record<string, [number, number]> = {};
    const calls = [
      ['receivables', receivables('visa')],
      ['orders', orders('ana')],
    ] as const;
    // a salesman may not list receivables (403 on both paths)
    for (const who of ['admin', 'despachante', 'concessionaria', 'vendedor'] as const)
      for (const [name, path] of calls.filter(([name]) => who !== 'vendedor' || name === 'orders')) {
        await both(who, path); // warm: the role's permissions, Strapi's caches
        const { old, now } = await both(who, path);
        expect(now.status, `${who} ${name}`).toBe(200);
        expect(JSON.stringify(now.body), `${who} ${name}`).toBe(JSON.stringify(old.body));
        counts[`${who} ${name}`] = [old.sql.length, now.sql.length];
      }
    // [Document Service path, one trip]; the Document Service path's count varies with the related-id lookups of the term
    expect(counts).toEqual({
      'admin receivables': [expect.any(Number), 3],
      'admin orders': [expect.any(Number), 3],
      'despachante receivables': [expect.any(Number), 3],
      'despachante orders': [expect.any(Number), 3],
      // a dealership's user verdicts (each user's dealership too) are read in the rows' statement (user-exposure.ts verdictMark)
      'concessionaria receivables': [expect.any(Number), 3],
      'concessionaria orders': [expect.any(Number), 3],
      // a salesman's dealership comes with his own row (extensions/users-permissions/sessions.ts)
      'vendedor orders': [expect.any(Number), 3],
    });
    for (const [call, [old]] of Object.entries(counts)) expect(old, call).toBeGreaterThanOrEqual(12);
  });

  it('past SEARCH_MAX_RELATED_IDS related ids a lookup stays a subquery in the statement: the same answer, 3 statements', async () => {
    // dispatchers' and customers' names: several related rows match each term, past a limit of 1
    const calls = [
      ['receivables', receivables('desp')],
      ['orders', orders('ana')],
    ] as const;
    process.env.SEARCH_MAX_RELATED_IDS = '1';
    try {
      for (const who of ['admin', 'despachante'] as const)
        for (const [name, path] of calls) {
          const { old, now } = await both(who, path);
          const label = `${who} ${name}`;
          expect(now.status, label).toBe(200);
          expect(now.body, label).toStrictEqual(old.body);
          expect(now.sql, label).toHaveLength(3);
          // the related rows are matched inside the rows' statement, not listed
          expect(now.sql[2], label).toMatch(/ in \(select "id" from "public"\."(up_users|customers)" where \(LOWER\(CAST/);
        }
    } finally {
      delete process.env.SEARCH_MAX_RELATED_IDS;
    }
  });

  it('random searches (term, filters, sort, page, page size, role) answer the same JSON on both paths', async () => {
    const seed = Number(process.env.SEARCH_ONE_TRIP_SEED ?? Date.now() % 1_000_000);
    const random = mulberry32(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const chance = (p: number) => random() < p;
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    // terms from the data: pieces of the values the boxes search, plus fixed shapes
    const sample = (await get('admin', list('receivables', { populate: RECEIVABLE_POPULATE, pagination: { pageSize: 100 } }))).body.data as Row[];
    const orderSample = (await get('admin', list('sales-orders', { populate: '*', pagination: { pageSize: 100 } }))).body.data as Row[];
    const values = [
      ...sample.flatMap((r) => [r.document_number, r.card_brand, r.cpf_cnpj_cliente, r.documentId, r.user_dispatcher_id?.name, r.payment_method_id?.name]),
      ...orderSample.flatMap((o) => [o.documentId, o.customer_id?.name, o.user_id?.name, o.user_company_id?.username]),
    ].filter((v): v is string => typeof v === 'string' && v.length >= 3);
    expect(values.length).toBeGreaterThan(20);
    const piece = () => {
      const value = pick(values);
      const length = int(3, Math.min(8, value.length));
      const at = int(0, value.length - length);
      const text = value.slice(at, at + length);
      return chance(0.2) ? text.toUpperCase() : text;
    };
    const FIXED = ['visa', 'VISA', 'pend', 'pago', 'estorn', '150', '150,00', '12', '1', 'ab', 'zz-none', '10%', 'a_b', 'João', 'ção', "o'n"];
    const day = (offset: number) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString();
    const sort = (fields: string[]) => (chance(0.4) ? {} : { sort: [`${pick(fields)}:${pick(['asc', 'desc'])}`] });
    const pagination = () => ({ pagination: { page: int(1, 3), pageSize: pick([5, 10, 25]) } });

    const cases: { who: SeedRole; path: string; term: string }[] = [];
    for (let i = 0; i < 48; i++) {
      const who = pick(['admin', 'despachante', 'concessionaria', 'vendedor'] as const);
      const term = chance(0.75) ? piece() : pick(FIXED);
      if (chance(0.55)) {
        const and: Row[] = [];
        if (chance(0.3)) and.push({ status_in: { $eq: pick(['paid', 'pending', 'reversed']) } });
        if (chance(0.2)) and.push({ installments: { $eq: int(1, 6) } });
        if (chance(0.25)) and.push({ payment_date: { $gte: day(-int(0, 600)), $lte: day(int(0, 600)) } });
        if (chance(0.15)) and.push({ $or: ['name', 'username', 'email'].map((f) => containsi(`user_company_id.${f}`, piece())) });
        and.push({ $or: receivableOr(term) });
        const fields = ['id', 'payment_date', 'amount_original', 'status_in', 'document_number', 'installments', 'createdAt'];
        cases.push({ who, term, path: list('receivables', { populate: RECEIVABLE_POPULATE, filters: { $and: and }, ...sort(fields), ...pagination() }) });
      } else {
        const and: Row[] = [];
        if (chance(0.3)) and.push({ status_in: { $eq: pick(['authorized', 'pending', 'denied', 'paid', 'reversed']) } });
        if (chance(0.25)) and.push({ billing_date: { $gte: day(-int(0, 600)), $lte: day(int(0, 600)) } });
        if (chance(0.15)) and.push({ $or: ['name', 'username', 'email'].map((f) => containsi(`user_id.${f}`, piece())) });
        if (chance(0.15)) and.push(containsi('customer_id.cpf_cnpj', String(int(0, 99))));
        and.push({ $or: orderOr(term) });
        const fields = ['id', 'billing_date', 'status_in', 'vehicle_price', 'createdAt'];
        cases.push({ who, term, path: list('sales-orders', { populate: '*', filters: { $and: and }, ...sort(fields), ...pagination() }) });
      }
    }
    const slow: string[] = [];
    let found = 0;
    for (const { who, path, term } of cases) {
      const { old, now } = await both(who, path);
      const label = `seed ${seed}, ${who} ${decodeURIComponent(path)}`;
      expect(now.status, label).toBe(old.status);
      // the same JSON value; the order of a row's keys is not compared: Strapi's own answer puts the sort
      // columns first when its query joins a relation (SELECT DISTINCT), and the Document Service path
      // joins for conditions the one trip reads through the link tables (docs/decisions.md)
      expect(now.body, label).toStrictEqual(old.body);
      found += now.body?.data?.length ?? 0;
      // a term the index path takes: 3 statements
      const indexed = term.trim().length >= 3;
      if (indexed && now.sql.length > 3) slow.push(`${label}: ${now.sql.map((statement) => statement.slice(0, 60)).join(' | ')}`);
    }
    expect(slow).toEqual([]);
    expect(found).toBeGreaterThan(0);
  }, 120_000);

  it('edge shapes answer as the Document Service path: bad values, uncounted, past the end, offsets, relation sorts, fields', async () => {
    const or = { $or: receivableOr('visa') };
    const shapes: Row[] = [
      { filters: { $and: [or, { amount_final: { $eq: 'abc' } }] } },
      { filters: { $and: [or, { installments: { $eq: 99_999_999_999 } }] } },
      { filters: { $and: [or] }, pagination: { page: 1, pageSize: 10, withCount: false } },
      { filters: { $and: [or] }, pagination: { page: 999, pageSize: 25 } },
      { filters: { $and: [or] }, pagination: { start: 3, limit: 4 } },
      { filters: { $and: [or] }, pagination: { page: 1, pageSize: 10, withCount: 'maybe' } },
      { filters: { $and: [or] }, sort: ['user_dispatcher_id.name:asc'] },
      { filters: { $and: [or] }, fields: ['document_number'] },
      { filters: { $and: [or, { $not: { status_in: { $eq: 'paid' } } }] }, sort: { amount_original: 'desc' } },
    ];
    for (const who of ['admin', 'despachante'] as const)
      for (const shape of shapes) {
        const path = list('receivables', { populate: RECEIVABLE_POPULATE, ...shape });
        const { old, now } = await both(who, path);
        const label = `${who} ${decodeURIComponent(path)}`;
        expect(now.status, label).toBe(old.status);
        expect(now.body, label).toStrictEqual(old.body);
      }
  });
});

/** A small seeded PRNG (mulberry32): the same seed gives the same cases. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
