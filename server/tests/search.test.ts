import { createRequire } from 'node:module';
import qs from 'qs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, login, type SeedRole } from './helpers/api';
import { anOrder, get, me, uniq } from './helpers/business';
import { RECEIVABLE_LABELS, RECEIVABLE_POPULATE, asReais, orderOr, receivableOr, type Row } from './helpers/search-queries';

/**
 * Free-text search that scales (docs/architecture.md "Free-text search"): the search
 * boxes of /receivables and /sales-orders (spec 001 §7) answer from trigram indexes (pg_trgm GIN on
 * PostgreSQL, FTS5 trigram on SQLite) through utils/search. The answers must be those of Strapi's
 * own query, on both databases:
 * - each term is asked as the PWA asks it (the `$or` of src/features/*\/strapi-query.ts) and again
 *   with every `$containsi` also carrying `$notNull: true` — the same condition, in a shape the
 *   rewrite leaves to Strapi's plain query: same rows, same order, same totals, two pages deep;
 * - the matching rows are also computed here from the full listing (a fixed expectation that holds
 *   on SQLite and PostgreSQL alike: terms whose case differs only in ASCII letters);
 * - the data scope still applies (despachante, concessionária), writes keep the index in sync,
 *   and the indexes exist after this start on an empty database.
 */
const require = createRequire(import.meta.url);

/** Every `{$containsi: v}` becomes `{$containsi: v, $notNull: true}`: same rows, but not a shape the index path takes. */
function plain(node: unknown): any {
  if (Array.isArray(node)) return node.map(plain);
  if (!node || typeof node !== 'object') return node;
  const out: Row = {};
  for (const [k, v] of Object.entries(node)) out[k] = plain(v);
  if ('$containsi' in out) out.$notNull = true;
  return out;
}

const PLURAL = { receivable: 'receivables', order: 'sales-orders' } as const;
type Kind = keyof typeof PLURAL;

/** GET one page of the list as the PWA asks it (filters $and [$or], sort, pagination); returns ids and total. */
async function page(who: SeedRole, kind: Kind, or: Row[], pageNo: number, sort: string) {
  const query = {
    filters: { $and: [{ $or: or }] },
    populate: kind === 'receivable' ? RECEIVABLE_POPULATE : '*',
    // '' = no sort, as the PWA asks by default (Strapi orders by id: the page path of utils/search)
    sort: sort ? [sort, 'id:asc'] : undefined,
    pagination: { page: pageNo, pageSize: 25 },
  };
  const body = await get(who, `/${PLURAL[kind]}?${qs.stringify(query, { encodeValuesOnly: true })}`);
  return { ids: body.data.map((r: Row) => r.id) as number[], total: body.meta.pagination.total as number };
}

/** Indexed and plain answers for `term`: both pages and totals. */
async function both(who: SeedRole, kind: Kind, term: string, sort: string) {
  const or = kind === 'receivable' ? receivableOr(term) : orderOr(term);
  const [a1, a2, b1, b2] = await Promise.all([
    page(who, kind, or, 1, sort),
    page(who, kind, or, 2, sort),
    page(who, kind, plain(or), 1, sort),
    page(who, kind, plain(or), 2, sort),
  ]);
  return { indexed: { ids: [...a1.ids, ...a2.ids], total: a1.total }, plain: { ids: [...b1.ids, ...b2.ids], total: b1.total } };
}

/** Every row of a list as admin (pages of 100), populated. */
async function all(kind: Kind): Promise<Row[]> {
  const rows: Row[] = [];
  for (let p = 1; ; p++) {
    const query = { populate: kind === 'receivable' ? RECEIVABLE_POPULATE : '*', sort: ['id:asc'], pagination: { page: p, pageSize: 100 } };
    const body = await get('admin', `/${PLURAL[kind]}?${qs.stringify(query, { encodeValuesOnly: true })}`);
    rows.push(...body.data);
    if (p >= body.meta.pagination.pageCount) return rows;
  }
}

/** `LOWER(x) LIKE LOWER('%term%')` as both databases agree on it for the terms below (ASCII case folding). */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const has = (value: unknown, term: string) => typeof value === 'string' && asciiLower(value).includes(asciiLower(term));

function receivableMatches(r: Row, term: string): boolean {
  const digits = term.replace(/[.\-/\s]/g, '') || term;
  return (
    [r.document_number, r.documentId, r.payment_method_id?.name, r.user_company_id?.name, r.user_company_id?.username, r.user_dispatcher_id?.name]
      .concat([r.user_dispatcher_id?.username, r.card_brand, r.sales_order?.documentId, r.card_last4])
      .some((v) => has(v, term)) || has(r.cpf_cnpj_cliente, digits)
  );
}

function orderMatches(o: Row, term: string): boolean {
  const digits = term.replace(/[.\-/\s]/g, '') || term;
  return (
    [o.documentId, o.status_in, o.customer_id?.name, o.user_id?.username, o.user_id?.name, o.user_company_id?.name, o.user_company_id?.username]
      .concat([o.user_dispatcher_id?.name, o.user_dispatcher_id?.username])
      .some((v) => has(v, term)) || has(o.customer_id?.cpf_cnpj, digits)
  );
}

/** Ids of `rows` as `sort=<field>:desc,id:asc` orders them, the first two pages of 25. */
const newestFirst = (rows: Row[], field: string) =>
  [...rows]
    .sort((a, b) => (a[field] === b[field] ? a.id - b.id : a[field] < b[field] ? 1 : -1))
    .slice(0, 50)
    .map((r) => r.id);

/** Ids of `rows` in id order, the first two pages of 25. */
const lowestIds = (rows: Row[]) =>
  rows
    .map((r) => r.id as number)
    .sort((a, b) => a - b)
    .slice(0, 50);

let receivables: Row[] = [];
let orders: Row[] = [];

beforeAll(async () => {
  [receivables, orders] = await Promise.all([all('receivable'), all('order')]);
});

describe('free-text search on the indexes answers as Strapi does', () => {
  it('receivables: card brand, dispatcher/company name, CPF digits, document number, documentId, short and odd terms', { timeout: 240_000 }, async () => {
    expect(receivables.length).toBeGreaterThan(50);
    const withCard = receivables.find((r) => r.card_last4 && r.cpf_cnpj_cliente)!;
    const cpfDigits = withCard.cpf_cnpj_cliente.slice(2, 8);
    // an order's documentId: a relation branch on a field Strapi's content-type schema does not list, so only
    // utils/search resolves it (through the sales orders' own FTS table / GIN index)
    const orderDocumentId = receivables.find((r) => r.sales_order)!.sales_order.documentId.slice(4, 13);
    const fixed = [
      orderDocumentId,
      'visa',
      'VISA',
      'Elo',
      'paulista',
      'Gaúcha',
      'avenida',
      cpfDigits,
      'NF-1000',
      withCard.documentId.slice(3, 12),
      withCard.card_last4,
      'pix',
      'Cartão',
      // exact branches (amounts, status) folded into the same indexed subquery as the text ones
      String(withCard.amount_original).replace('.', ','),
      'pago',
      'Pendente',
    ];
    for (const term of fixed) {
      const { indexed, plain: bare } = await both('admin', 'receivable', term, 'payment_date:desc');
      const expected = receivables.filter(
        (r) =>
          receivableMatches(r, term) ||
          (/^\d+$/.test(term) && [r.id, r.pedido_id, r.installments].includes(Number(term))) ||
          (asReais(term) !== undefined && [Number(r.amount_original), Number(r.amount_final)].includes(asReais(term)!)) ||
          (RECEIVABLE_LABELS[r.status_in] ?? '').includes(term.toLowerCase()),
      );
      expect(indexed, term).toEqual(bare);
      expect(indexed.total, term).toBe(expected.length);
      expect(indexed.ids, term).toEqual(newestFirst(expected, 'payment_date'));
      // the box's default order (none sent: by id), whose page is cut from the indexed ids
      const byId = await both('admin', 'receivable', term, '');
      expect(byId.indexed, `${term} by id`).toEqual(byId.plain);
      expect(byId.indexed.ids, `${term} by id`).toEqual(lowestIds(expected));
    }
    expect((await both('admin', 'receivable', 'visa', 'payment_date:desc')).indexed.total).toBeGreaterThan(0);
    expect((await both('admin', 'receivable', cpfDigits, 'payment_date:desc')).indexed.total).toBeGreaterThan(0);
    expect((await both('admin', 'receivable', orderDocumentId, 'payment_date:desc')).indexed.total).toBeGreaterThan(0);
    // under $not the rewrite stays out (NULL and false differ there): the same rows as Strapi's own query, asked
    // with every branch wrapped in a one-element $and (identical semantics, a shape the rewrite never folds)
    for (const term of ['visa', 'paulista']) {
      const ask = async (or: Row[]) => {
        const query = { filters: { $not: { $or: or } }, fields: ['id'], sort: ['payment_date:desc', 'id:asc'], pagination: { page: 1, pageSize: 50 } };
        const body = await get('admin', `/receivables?${qs.stringify(query, { encodeValuesOnly: true })}`);
        return { ids: body.data.map((r: Row) => r.id), total: body.meta.pagination.total };
      };
      const negated = await ask(receivableOr(term));
      expect(negated, `not ${term}`).toEqual(await ask(receivableOr(term).map((branch) => ({ $and: [branch] }))));
      expect(negated.total, `not ${term}`).toBeLessThanOrEqual(receivables.filter((r) => !receivableMatches(r, term)).length);
    }
    // same answers as the plain query where the two databases may differ or trigrams cannot help
    for (const term of ['a', 'el', '10', 'GAÚCHA', 'ção', '%', '_', '\\', '"vi"', "o'b", 'nf-1000%', '  ', 'zzzzzz-nothing']) {
      const { indexed, plain: bare } = await both('admin', 'receivable', term, 'payment_date:desc');
      expect(indexed, term).toEqual(bare);
    }
  });

  it('sales orders: customer name and CPF/CNPJ digits, seller, dealership, dispatcher, status, documentId', { timeout: 240_000 }, async () => {
    expect(orders.length).toBeGreaterThan(20);
    const sample = orders.find((o) => o.customer_id)!;
    const fixed = [
      sample.customer_id.name.split(' ')[0],
      sample.customer_id.cpf_cnpj.slice(3, 9),
      'paulista',
      'Carioca',
      'Motors',
      'Vendedor',
      'pend',
      sample.documentId.slice(5, 14),
      '11144',
      String(sample.vehicle_price).replace('.', ','),
    ];
    for (const term of fixed) {
      const { indexed, plain: bare } = await both('admin', 'order', term, 'billing_date:desc');
      const reais = asReais(term);
      const expected = orders.filter(
        (o) =>
          orderMatches(o, term) ||
          (/^\d+$/.test(term) && o.id === Number(term)) ||
          (reais !== undefined && [o.vehicle_price, o.original_amount, o.current_amount].map(Number).includes(reais)),
      );
      expect(indexed, term).toEqual(bare);
      expect(indexed.total, term).toBe(expected.length);
      expect(indexed.ids, term).toEqual(newestFirst(expected, 'billing_date'));
    }
    for (const term of ['a', 'ã', 'PAULISTA', 'Gaúcha', '%', 'zzzz-none']) {
      const { indexed, plain: bare } = await both('admin', 'order', term, 'billing_date:desc');
      expect(indexed, term).toEqual(bare);
    }
  });

  it('the data scope still applies: a despachante and a concessionária find only their rows', { timeout: 240_000 }, async () => {
    for (const who of ['despachante', 'concessionaria'] as const) {
      const self = (await me(who)).id;
      const mineOnly = receivables.filter((r) => (who === 'despachante' ? r.user_dispatcher_id : r.user_company_id)?.id === self);
      expect(mineOnly.length, who).toBeGreaterThan(0);
      // digits of the caller's own CNPJ (username): the user-name branch utils/user-filters.ts wraps for a party caller
      const ownDigits = (await me(who)).username.slice(2, 9);
      for (const term of ['visa', 'paulista', 'avenida', 'NF-1000', 'Elo', ownDigits]) {
        const mine = await both(who, 'receivable', term, 'payment_date:desc');
        const expected = mineOnly.filter((r) => receivableMatches(r, term));
        expect(mine.indexed, `${who} ${term}`).toEqual(mine.plain);
        expect(mine.indexed.total, `${who} ${term}`).toBe(expected.length);
        expect(mine.indexed.ids, `${who} ${term}`).toEqual(newestFirst(expected, 'payment_date'));
        const byId = await both(who, 'receivable', term, '');
        expect(byId.indexed, `${who} ${term} by id`).toEqual(byId.plain);
        expect(byId.indexed.ids, `${who} ${term} by id`).toEqual(lowestIds(expected));
      }
      expect((await both(who, 'receivable', ownDigits, 'payment_date:desc')).indexed.total, who).toBe(mineOnly.length);
      for (const term of ['paulista', 'Motors', 'pend', 'Vendedor', ownDigits]) {
        const mine = await both(who, 'order', term, 'billing_date:desc');
        const expected = orders.filter((o) => (who === 'despachante' ? o.user_dispatcher_id : o.user_company_id)?.id === self && orderMatches(o, term));
        expect(mine.indexed, `${who} ${term}`).toEqual(mine.plain);
        expect(mine.indexed.total, `${who} ${term}`).toBe(expected.length);
      }
    }
  });

  it('writes keep the index in sync: a new receivable is found, an edit moves it, a delete removes it', { timeout: 60_000 }, async () => {
    const token = await login('admin');
    const marker = `ZQ${uniq()}`.toUpperCase();
    const order = await anOrder('admin');
    const created = await api('POST', '/receivables', {
      token,
      body: {
        data: { sales_order: order.id, amount_original: 12.34, payment_date: new Date().toISOString(), document_number: `NF-${marker}`, card_brand: 'Visa' },
      },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const id = created.body.data.id;
    const find = async (term: string) => (await both('admin', 'receivable', term, 'payment_date:desc')).indexed.ids;
    expect(await find(marker.toLowerCase())).toEqual([id]);
    const edited = await api('PUT', `/receivables/${created.body.data.documentId}`, {
      token,
      body: { data: { document_number: `DOC-${marker}-B`, card_brand: `Bandeira${marker}` } },
    });
    expect(edited.status).toBe(200);
    expect(await find(`NF-${marker}`)).toEqual([]);
    expect(await find(`DOC-${marker}`)).toEqual([id]);
    expect(await find(`bandeira${marker}`)).toEqual([id]);
    expect((await api('DELETE', `/receivables/${created.body.data.documentId}`, { token })).status).toBe(204);
    expect(await find(marker)).toEqual([]);
  });

  // SQLite's index answers `LOWER(col) LIKE LOWER(?)` without reading the rows again, so it must fold case as
  // that LIKE does (ASCII letters only), never as Unicode does: 'ÇÃO' is not 'ção' there, and the Kelvin sign
  // (U+212A) is not 'k'. PostgreSQL's LOWER folds both; each database is compared with its own plain query.
  it('case folding beyond ASCII: the same rows as the plain query on each database', { timeout: 60_000 }, async () => {
    const token = await login('admin');
    const marker = `ZW${uniq()}`.toUpperCase();
    const order = await anOrder('admin');
    const created: string[] = [];
    for (const document_number of [`NF-ÇÃO-${marker}`, `\u212A-${marker}`, `nf-ção-${marker}`]) {
      const res = await api('POST', '/receivables', {
        token,
        body: { data: { sales_order: order.id, amount_original: 1, payment_date: new Date().toISOString(), document_number } },
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
      created.push(res.body.data.documentId);
    }
    try {
      const sqlite = inject('database').client === 'sqlite';
      for (const [term, onSqlite] of [
        [`ção-${marker}`, 1],
        [`ÇÃO-${marker}`, 1],
        [`k-${marker}`, 0],
        [`\u212A-${marker}`, 1],
        [`nf-ç`, null],
      ] as const) {
        const { indexed, plain: bare } = await both('admin', 'receivable', term, 'payment_date:desc');
        expect(indexed, term).toEqual(bare);
        if (sqlite && onSqlite !== null) expect(indexed.total, term).toBe(onSqlite);
      }
    } finally {
      for (const documentId of created) await api('DELETE', `/receivables/${documentId}`, { token });
    }
  });
});

/** Covering (target, owner) indexes of the link tables the relation branches read (a sample). */
const LINK_INDEXES = ['receivables_user_dispatcher_id_lnk_search', 'receivables_payment_method_id_lnk_search', 'sales_orders_customer_id_lnk_search'];

describe('the indexes exist after a start on an empty database', () => {
  it('SQLite: FTS5 trigram tables and their triggers; PostgreSQL: pg_trgm and the GIN indexes; both: link-table indexes', async () => {
    const db = inject('database');
    const tables = ['receivables', 'sales_orders', 'customers', 'up_users'];
    if (db.client === 'sqlite') {
      const Database = require('better-sqlite3');
      const conn = new Database(db.filename, { readonly: true, fileMustExist: true });
      try {
        const rows: { type: string; name: string; sql: string }[] = conn.prepare("SELECT type, name, sql FROM sqlite_master WHERE name LIKE '%_fts%'").all();
        for (const t of tables) {
          const fts = rows.find((r) => r.name === `${t}_fts` && r.type === 'table');
          expect(fts?.sql, t).toMatch(/USING fts5\(.*content='', contentless_delete=1, tokenize='trigram case_sensitive 1'\)/);
          for (const suffix of ['ai', 'ad', 'au'])
            expect(
              rows.some((r) => r.type === 'trigger' && r.name === `${t}_fts_${suffix}`),
              `${t} ${suffix}`,
            ).toBe(true);
        }
        expect(conn.prepare('SELECT count(*) AS n FROM receivables_fts').get().n).toBe(conn.prepare('SELECT count(*) AS n FROM receivables').get().n);
        const links: { name: string }[] = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_lnk_search'").all();
        for (const link of LINK_INDEXES) expect(links.map((l) => l.name)).toContain(link);
      } finally {
        conn.close();
      }
    } else {
      const { Client } = require('pg');
      const conn = new Client({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password });
      await conn.connect();
      try {
        expect((await conn.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).rowCount).toBe(1);
        const { rows } = await conn.query("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE indexname LIKE '%_trgm'");
        const expected = {
          receivables: ['document_number', 'document_id', 'card_brand', 'cpf_cnpj_cliente', 'card_last_4'],
          sales_orders: ['document_id', 'status_in'],
          customers: ['name', 'cpf_cnpj'],
          up_users: ['name', 'username'],
        };
        for (const [table, columns] of Object.entries(expected)) {
          for (const column of columns) {
            const index = rows.find((r: Row) => r.indexname === `${table}_${column}_trgm`);
            expect(index?.indexdef, `${table}.${column}`).toMatch(/USING gin \(lower\(.*gin_trgm_ops\)/);
            // no pending list: every search would read it in full (utils/search/indexes.ts)
            expect(index?.indexdef, `${table}.${column}`).toMatch(/WITH \(fastupdate='?off'?\)/);
          }
        }
        const links = (await conn.query("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_lnk_search'")).rows.map((r: Row) => r.indexname);
        for (const link of LINK_INDEXES) expect(links).toContain(link);
      } finally {
        await conn.end();
      }
    }
  });
});
