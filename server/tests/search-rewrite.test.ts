import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondStrapi } from './helpers/second-strapi';

/**
 * utils/search/rewrite.ts in process: the REST path turns
 * a relation branch whose target matches nothing into `{rel: {id: {$null: true, $notNull: true}}}`
 * (utils/search/list-filters.ts relationBranchesToIds). Such a branch is false on every row; left in the
 * `$or`, its join kept every API search on the scan path (the API was 3–5× the core find). The
 * rewrite drops it, so the whole `$or` becomes the one indexed `{id: {$in: subquery}}`.
 */
const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { rewriteFreeText } = require(path.join(appDir, 'dist/src/utils/search/rewrite.js'));
const UID = 'api::receivable.receivable';
const NEVER = { $null: true, $notNull: true };

let server: Awaited<ReturnType<typeof startSecondStrapi>>;
beforeAll(async () => {
  server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the search rewrite drops branches that can never match', () => {
  it('a text search with never-matching relation and number branches becomes one indexed id subquery', async () => {
    const out = await rewriteFreeText(server.strapi, UID, {
      $and: [
        {
          $or: [
            { card_brand: { $containsi: 'visa' } },
            { payment_method_id: { id: NEVER } },
            { user_dispatcher_id: { id: NEVER } },
            { amount_original: NEVER },
            { document_number: { $containsi: 'visa' } },
          ],
        },
      ],
    });
    const or = out.$and[0].$or;
    expect(or).toHaveLength(1);
    expect(Object.keys(or[0])).toEqual(['id']);
    expect(Object.keys(or[0].id)).toEqual(['$in']);
  });

  it('without a text branch the $or is left to Strapi as it came (never branches included)', async () => {
    const filters = { $or: [{ payment_method_id: { id: NEVER } }, { installments: { $eq: 3 } }] };
    expect(await rewriteFreeText(server.strapi, UID, filters)).toEqual(filters);
  });

  it('an $or of other shapes keeps them beside the subquery', async () => {
    const out = await rewriteFreeText(server.strapi, UID, {
      $or: [{ card_brand: { $containsi: 'visa' } }, { payment_method_id: { id: NEVER } }, { installments: { $gte: 3 } }, { status_in: { $eq: null } }],
    });
    expect(out.$or).toHaveLength(3);
    expect(out.$or.slice(1)).toEqual([{ installments: { $gte: 3 } }, { status_in: { $eq: null } }]);
  });

  it('exact branches on own columns (status, amounts, ids) join the subquery: the $or is one indexed branch', async () => {
    const out = await rewriteFreeText(server.strapi, UID, {
      $or: [
        { card_brand: { $containsi: 'visa' } },
        { status_in: { $eq: 'paid' } },
        { amount_original: { $eq: 150 } },
        { amount_final: { $eq: 150 } },
        { id: { $eq: 3 } },
        { pedido_id: { $eq: 3 } },
      ],
    });
    expect(out.$or).toHaveLength(1);
    expect(Object.keys(out.$or[0].id)).toEqual(['$in']);
  });
});

/** The SQL statements `fn` sends (knex query events). */
async function statements(fn: () => Promise<unknown>) {
  const sql: string[] = [];
  const listen = (q: { sql: string }) => sql.push(q.sql);
  const knex = server.strapi.db.connection;
  knex.on('query', listen);
  try {
    const result = await fn();
    return { result, sql };
  } finally {
    knex.removeListener('query', listen);
  }
}
const search = (term: string) => ({
  $and: [
    {
      $or: [
        { card_brand: { $containsi: term } },
        { document_number: { $containsi: term } },
        { user_dispatcher_id: { name: { $containsi: term } } },
        { status_in: { $eq: 'paid' } },
      ],
    },
  ],
});

/** The count shortcut (id-sets.ts countDistinctQuery): COUNT(DISTINCT u.id) of one set, COUNT(*) of a search's UNION. */
const COUNTED_SETS = /count\(distinct [`"]u[`"]\.[`"]id[`"]\)|count\(\*\) as [`"]count[`"] from \(.* union .*\) as [`"]u[`"]/i;

describe('the count of the search box alone reads the indexed ids, not the table', () => {
  it('same total as Strapi, counted over the id sets (the UNION of the parts) without a join back to the table', async () => {
    for (const term of ['visa', 'elo', 'pauli', 'zzz-none']) {
      const { result, sql } = await statements(() => server.strapi.documents(UID).count({ filters: search(term) }));
      // Strapi's own count of the same condition (the query engine, no Document Service middleware)
      const plain = await server.strapi.db.query(UID).count({ where: search(term) });
      expect(result, term).toBe(plain);
      const count = sql.filter((s) => /count\(/i.test(s));
      expect(count, term).toHaveLength(1);
      expect(count[0], term).toMatch(COUNTED_SETS);
    }
    expect(await server.strapi.db.query(UID).count({ where: search('visa') })).toBeGreaterThan(0);
  });

  it('with the data scope (a relation id) beside the search: the same, the scope read from the link table', async () => {
    const dispatcher = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'dispatcher' }, select: ['id'] });
    for (const term of ['visa', 'pauli', 'elo']) {
      const filters = { $and: [search(term), { user_dispatcher_id: { id: { $eq: dispatcher.id } } }] };
      const { result, sql } = await statements(() => server.strapi.documents(UID).count({ filters }));
      expect(result, term).toBe(await server.strapi.db.query(UID).count({ where: filters }));
      expect(
        sql.filter((s) => COUNTED_SETS.test(s)),
        term,
      ).toHaveLength(1);
    }
    // the scope alone (no search) is left to Strapi's count
    const { sql } = await statements(() => server.strapi.documents(UID).count({ filters: { user_dispatcher_id: { id: { $eq: dispatcher.id } } } }));
    expect(sql.filter((s) => COUNTED_SETS.test(s))).toHaveLength(0);
  });

  it("with any other condition beside the search (a filter) the count stays Strapi's", async () => {
    const filters = { $and: [...search('visa').$and, { installments: { $gte: 1 } }] };
    const { result, sql } = await statements(() => server.strapi.documents(UID).count({ filters }));
    expect(result).toBe(await server.strapi.db.query(UID).count({ where: filters }));
    expect(sql.filter((s) => COUNTED_SETS.test(s))).toHaveLength(0);
  });
});

describe('a filter on a to-one relation id (the data scope) reads the link table, not a join', () => {
  it("same rows as Strapi's join, without DISTINCT over the joined rows", async () => {
    const dispatcher = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'dispatcher' }, select: ['id'] });
    expect(dispatcher).toBeTruthy();
    for (const scope of [{ $eq: dispatcher.id }, { $eq: String(dispatcher.id) }, { $in: [dispatcher.id, 999999] }]) {
      const filters = { $and: [{ $or: [{ card_brand: { $containsi: 'a' } }, { installments: { $gte: 1 } }] }, { user_dispatcher_id: { id: scope } }] };
      const rewritten = await rewriteFreeText(server.strapi, UID, filters);
      expect(rewritten.$and[1], JSON.stringify(scope)).toEqual({ $and: [{ id: { $in: expect.anything() } }] });
      const sql: string[] = [];
      const listen = (q: { sql: string }) => sql.push(q.sql);
      server.strapi.db.connection.on('query', listen);
      const ours = await server.strapi.documents(UID).findMany({ filters, sort: ['id:asc'], fields: ['id'], limit: 500 });
      server.strapi.db.connection.removeListener('query', listen);
      const strapis = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: 'asc' }, select: ['id'], limit: 500 });
      expect(ours.map((r) => r.id)).toEqual(strapis.map((r: { id: number }) => r.id));
      expect(
        sql.find((q) => /from [`"]receivables[`"] as [`"]t0[`"]/.test(q)),
        'the list statement',
      ).not.toMatch(/join|distinct/i);
    }
    expect((await server.strapi.db.query(UID).count({ where: { user_dispatcher_id: { id: dispatcher.id } } })) > 0).toBe(true);
  });
});

describe('on SQLite the scope beside other conditions is looked up per row (correlated), alone it stays a list', () => {
  it("same rows and totals as Strapi's join; the page and a filtered count correlate, the scope-only count does not", async () => {
    const dispatcher = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'dispatcher' }, select: ['id'] });
    const sqlite = ['sqlite', 'better-sqlite3'].includes(server.strapi.db.dialect.client);
    const correlated = (q: string) => /[`"]receivable_id[`"] = [`"]t0[`"]\.[`"]id[`"]/.test(q);
    const scope = { user_dispatcher_id: { id: { $eq: dispatcher.id } } };
    for (const filters of [{ $and: [{ installments: { $gte: 2 } }, scope] }, scope]) {
      const label = JSON.stringify(filters);
      const page = await statements(() =>
        server.strapi.documents(UID).findMany({ filters, sort: ['payment_date:desc', 'id:asc'], fields: ['id'], start: 5, limit: 10 } as never),
      );
      const strapis = await server.strapi.db
        .query(UID)
        .findMany({ where: filters, orderBy: [{ payment_date: 'desc' }, { id: 'asc' }], offset: 5, limit: 10, select: ['id'] });
      expect(
        (page.result as { id: number }[]).map((r) => r.id),
        label,
      ).toEqual(strapis.map((r: { id: number }) => r.id));
      expect(page.sql.some(correlated), `${label}: page`).toBe(sqlite);
      const count = await statements(() => server.strapi.documents(UID).count({ filters }));
      expect(count.result, label).toBe(await server.strapi.db.query(UID).count({ where: filters }));
      expect(count.sql.some(correlated), `${label}: count`).toBe(sqlite && filters !== scope);
    }
  });
});

describe('a page of the search box ordered by id is cut from the id sets, then read by id', () => {
  const dispatcherId = async () =>
    (await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'dispatcher' }, select: ['id'] })).id as number;

  it("same rows and order as Strapi's query for every window, direction and sort shape, with and without the scope", async () => {
    const scope = { user_dispatcher_id: { id: { $eq: await dispatcherId() } } };
    // a scope of another user: the dispatcher-name part ('pauli') lists none of its targets and is left out (id-sets.ts narrowedToScopes)
    const company = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'company' }, select: ['id'] });
    const otherScope = { user_dispatcher_id: { id: { $in: [company.id] } } };
    const windows = [
      [0, 25],
      [0, 7],
      [7, 7],
      [3, 2],
      [25, 25],
      [0, 1000],
      [4000, 1000],
      [4500, 1000],
    ];
    const sorts: [unknown, 'asc' | 'desc'][] = [
      [undefined, 'asc'],
      ['id:asc', 'asc'],
      [['id:desc'], 'desc'],
      [{ id: 'desc' }, 'desc'],
    ];
    let compared = 0;
    for (const term of ['visa', 'elo', 'pauli', 'pago', 'zzz-none']) {
      // 'pauli' within the dispatcher's own scope: its name part holds the whole scope (narrowedToScopes reads the scope alone)
      for (const filters of [search(term), { $and: [...search(term).$and, scope] }, { $and: [...search(term).$and, otherScope] }]) {
        const all = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: 'asc' }, select: ['id'] });
        for (const [sort, dir] of sorts) {
          for (const [start, limit] of windows) {
            const { result, sql } = await statements(() => server.strapi.documents(UID).findMany({ filters, sort, start, limit, fields: ['id'] } as never));
            const strapis = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: dir }, offset: start, limit, select: ['id'] });
            const label = `${term} ${JSON.stringify(sort)} ${start}+${limit} ${filters.$and.length > 1 ? 'scoped' : ''}`;
            expect(
              (result as { id: number }[]).map((r) => r.id),
              label,
            ).toEqual(strapis.map((r: { id: number }) => r.id));
            expect(
              sql.filter((q) => /select distinct [`"]u[`"]\.[`"]id[`"]/i.test(q)),
              label,
            ).toHaveLength(start + limit <= 5000 ? 1 : 0);
            compared += strapis.length;
          }
        }
        // every term finds rows: 'zzz-none' through the status branch alone (its text parts find nothing); none in the other user's scope
        expect(all.length > 0, `${term} ${JSON.stringify(filters.$and.slice(1))}`).toBe(filters.$and.length < 2 || filters.$and[1] !== otherScope);
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a search whose only part lists none of the scope’s targets: no row, as Strapi says, without reading that part', async () => {
    const company = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { type: 'company' }, select: ['id'] });
    const byName = { $or: [{ user_dispatcher_id: { name: { $containsi: 'pauli' } } }] };
    // the other user's scope (nothing left), the dispatcher's own (covered), and both (the part shares a target: kept)
    const scopes = [[company.id], [await dispatcherId()], [company.id, await dispatcherId()]].map((ids) => ({ user_dispatcher_id: { id: { $in: ids } } }));
    for (const scope of scopes) {
      const filters = { $and: [byName, scope] };
      const strapis = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: 'asc' }, limit: 25, select: ['id'] });
      const { result, sql } = await statements(() => server.strapi.documents(UID).findMany({ filters, start: 0, limit: 25, fields: ['id'] } as never));
      expect((result as { id: number }[]).map((r) => r.id)).toEqual(strapis.map((r: { id: number }) => r.id));
      expect(await server.strapi.documents(UID).count({ filters })).toBe(await server.strapi.db.query(UID).count({ where: filters }));
      expect(sql.filter((q) => /select distinct [`"]u[`"]\.[`"]id[`"]/i.test(q))).toHaveLength(1);
    }
    expect(
      await server.strapi.db.query(UID).count({ where: { $and: [byName, { user_dispatcher_id: { id: { $eq: await dispatcherId() } } }] } }),
    ).toBeGreaterThan(0);
  });

  it('several parts each cut to the window: a page spans rows found by different parts', async () => {
    // status 'paid', the card brand and a dispatcher name each find rows: the union's first ids interleave
    const filters = {
      $and: [{ $or: [{ status_in: { $eq: 'paid' } }, { card_brand: { $containsi: 'visa' } }, { user_dispatcher_id: { name: { $containsi: 'a' } } }] }],
    };
    for (let start = 0; start < 60; start += 5) {
      const ours = await server.strapi.documents(UID).findMany({ filters, start, limit: 5, fields: ['id'] } as never);
      const strapis = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: 'asc' }, offset: start, limit: 5, select: ['id'] });
      expect(
        ours.map((r: { id: number }) => r.id),
        String(start),
      ).toEqual(strapis.map((r: { id: number }) => r.id));
    }
  });

  it("another sort, no limit or another condition beside the search keep Strapi's page query", async () => {
    const cases = [
      { filters: search('visa'), sort: ['document_number:desc'], start: 0, limit: 25 },
      { filters: search('visa'), sort: ['id:asc', 'document_number:asc'], start: 0, limit: 25 },
      { filters: search('visa') },
      { filters: { $and: [...search('visa').$and, { installments: { $gte: 1 } }] }, start: 0, limit: 25 },
    ];
    for (const params of cases) {
      const { result, sql } = await statements(() => server.strapi.documents(UID).findMany({ ...params, fields: ['id'] } as never));
      expect(
        sql.filter((q) => /select distinct [`"]u[`"]\.[`"]id[`"]/i.test(q)),
        JSON.stringify(params),
      ).toHaveLength(0);
      const strapis = await server.strapi.db.query(UID).findMany({
        where: params.filters,
        orderBy: params.sort ? params.sort.map((x) => Object.fromEntries([x.split(':')])) : undefined,
        offset: params.start,
        limit: params.limit,
        select: ['id'],
      });
      expect((result as { id: number }[]).map((r) => r.id).sort(), JSON.stringify(params)).toEqual(strapis.map((r: { id: number }) => r.id).sort());
    }
  });
});

describe('a search union whose first part is a relation id list, beside another id set', () => {
  it("counts and pages as Strapi does: the whole union is read, not its first part's link table", async () => {
    const users = server.strapi.db.query('plugin::users-permissions.user');
    const dispatchers = (await users.findMany({ where: { type: 'dispatcher' }, select: ['id'], orderBy: { id: 'asc' } })).map((u: { id: number }) => u.id);
    const companies = (await users.findMany({ where: { type: 'company' }, select: ['id'], orderBy: { id: 'asc' } })).map((u: { id: number }) => u.id);
    // the REST path's shape of the PWA's list: a filter on a relation id, then the search box whose
    // relation name branch utils/search/list-filters.ts already turned into ids (the union's first part)
    const box = (term: string) => ({
      $or: [{ user_company_id: { id: { $in: companies.slice(1, 2) } } }, { card_brand: { $containsi: term } }, { document_number: { $containsi: term } }],
    });
    let counted = 0;
    for (const term of ['visa', 'elo', 'master']) {
      const cases = [
        ...dispatchers.map((id: number) => ({ $and: [{ user_dispatcher_id: { id: { $eq: id } } }, box(term)] })),
        { $and: [box(term), box('NF-1')] },
      ];
      for (const filters of cases) {
        const label = `${term} ${JSON.stringify(filters.$and[0]).slice(0, 60)}`;
        const { result, sql } = await statements(() => server.strapi.documents(UID).count({ filters }));
        expect(
          sql.filter((s) => COUNTED_SETS.test(s)),
          label,
        ).toHaveLength(1);
        expect(result, label).toBe(await server.strapi.db.query(UID).count({ where: filters }));
        counted += result as number;
        const page = await server.strapi.documents(UID).findMany({ filters, start: 0, limit: 25, fields: ['id'] } as never);
        const strapis = await server.strapi.db.query(UID).findMany({ where: filters, orderBy: { id: 'asc' }, limit: 25, select: ['id'] });
        expect(
          page.map((r: { id: number }) => r.id),
          label,
        ).toEqual(strapis.map((r: { id: number }) => r.id));
      }
    }
    expect(counted).toBeGreaterThan(0);
  });
});

describe('a search inside a transaction', () => {
  // the search's own count and page reads are bare knex: on SQLite's one pooled connection they must run on the
  // transaction's, or they wait for the connection the transaction holds (utils/current-transaction.ts)
  it('answers the same count and page as outside it, without waiting for the pool', async () => {
    const params = { filters: { $or: [{ card_brand: { $containsi: 'visa' } }, { document_number: { $containsi: 'visa' } }] }, sort: 'id:asc', limit: 5 };
    const docs = server.strapi.documents(UID);
    const outside = [await docs.count(params), (await docs.findMany(params)).map((r: { id: number }) => r.id)];
    const inside = await server.strapi.db.transaction(async () => [await docs.count(params), (await docs.findMany(params)).map((r: { id: number }) => r.id)]);
    expect(inside).toEqual(outside);
    expect(outside[0]).toBeGreaterThan(0);
  }, 15_000);
});
