import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { MAX_INDEXED_TERM, MIN_INDEXED_TERM, SEARCH_INDEXED, SEARCH_REWRITTEN } from './config';
import { dialectOf, ftsPhrase, ftsTable, indexReady, modelMeta, TEXT_TYPES, type AttributeMeta } from './indexes';
import { isObject, type Json } from '../types';

/**
 * The free-text search on indexes (docs/architecture.md "Free-text search"; spec 001 §7).
 *
 * The search boxes send an `$or` of `{field: {$containsi: term}}` branches on the list's own
 * columns and on to-one relations (`{user_dispatcher_id: {name: {$containsi: term}}}`), plus a few
 * exact branches (status, numbers, amounts). Strapi compiles it to one OR over the table and its
 * joined relations, which no index can serve: every search reads every row. Here the `$containsi`
 * branches of such an `$or` (and relation branches already turned into ids, `{rel: {id: {$in}}}`)
 * are replaced by ONE branch `{id: {$in: <subquery>}}`, the subquery being the UNION of
 * - the rows whose own columns match: on PostgreSQL the same `LOWER(CAST(col AS VARCHAR)) LIKE
 *   LOWER(?)` Strapi writes, which the trigram GIN indexes of indexes.ts answer; on SQLite the rows
 *   the FTS5 trigram table finds: it holds `LOWER(col)` and is case sensitive, so its MATCH is that
 *   very `LIKE` (indexes.ts, ftsPhrase) and the rows are not read again;
 * - for each relation, the link-table rows whose target matches (same predicate on the target's
 *   table, indexed the same way when config.ts lists it).
 * - the rows matching the `$or`'s exact branches on the list's own scalar columns (`{pedido_id: {$eq: n}}`,
 *   amounts, `id`, a status), as ONE select built by Strapi's query builder with those branches; left
 *   beside `id IN (…)`, an OR with any other condition makes the database test every row.
 * Beside the `$or`s, a condition on a to-one relation's id (`{user_dispatcher_id: {id: {$eq: n}}}`, the
 * data scope of utils/scope.ts) becomes `{id: {$in: <the link table's owners of n>}}` (Builder.ownersOf):
 * Strapi would join two tables for it and SELECT DISTINCT every wide row.
 * Every predicate is the one Strapi would have run, so the rows, order and totals are the same; only
 * the access path changes. A relation branch `{rel: {$and: [{field: {$containsi: term}}, …]}}` (what
 * utils/user-filters.ts makes of a party caller's user-name branch) is folded too: its targets are
 * looked up first with that very filter. Terms shorter than {@link MIN_INDEXED_TERM} characters, other
 * operators and branches of any other shape are left to Strapi untouched. Reads only the (small)
 * related tables itself; throws what the database throws.
 */
export async function rewriteFreeText(strapi: Core.Strapi, uid: UID.ContentType, filters: unknown): Promise<unknown> {
  const b = new Builder(strapi);
  const out = await walk(b, uid, filters, 0);
  if (b.scopes.length && isObject(out)) SCOPES.set(out, b.scopes);
  return out;
}

/**
 * Registers the rewrite as a Document Service middleware (Strapi's extension point for document
 * queries) on findMany/findFirst/count of the content-types in config.ts `SEARCH_REWRITTEN`, so the
 * REST list, its count and any other caller of the Document Service get it. SEARCH_INDEXES=false
 * in the environment turns it off (Strapi's plain path; for comparisons and as an escape hatch).
 */
export function registerFreeTextSearch(strapi: Core.Strapi): void {
  if (process.env.SEARCH_INDEXES === 'false') return;
  const actions = new Set(['findMany', 'findFirst', 'count']);
  strapi.documents.use(async (ctx, next) => {
    if (actions.has(ctx.action) && SEARCH_REWRITTEN.includes(ctx.uid)) {
      const params = ctx.params as Json | undefined;
      if (params && isObject(params.filters)) {
        const filters = await rewriteFreeText(strapi, ctx.uid, params.filters);
        const sets = ctx.action !== 'findFirst' && plainCount(strapi, ctx.uid, params) ? idSets(filters) : null;
        const searched = !!sets?.length && sets.some(isSearch);
        if (searched && ctx.action === 'count') return countDistinct(strapi, sets!);
        const page = searched && ctx.action === 'findMany' ? pageWindow(params) : null;
        if (page) {
          // the page's ids first, from the id sets alone; then Strapi reads those rows (same order, same populate)
          const ids = await pageIds(strapi, sets!, page);
          (ctx as { params: unknown }).params = { ...params, filters: { id: { $in: ids } }, start: 0, limit: page.limit };
          return next();
        }
        if (dialectOf(strapi) === 'sqlite' && !(ctx.action === 'count' && sets?.length)) correlateScopes(filters as Json);
        (ctx as { params: unknown }).params = { ...params, filters };
      }
    }
    return next();
  });
}

/**
 * The `{id: {$in: subquery}}` branches this module wrote, each with its union (every part selects
 * its ids as `id`), so a count can read the union alone (countDistinct).
 */
const UNIONS = new WeakMap<object, Knex.QueryBuilder>();

/** The `{$in: <owners>}` conditions of a to-one relation's id (the data scope) each rewrite wrote, by its result. */
const SCOPES = new WeakMap<object, { $in: Knex.QueryBuilder }[]>();

/**
 * On SQLite, narrows each owners condition of the rewritten `filters` (SCOPES) to the outer row of
 * Strapi's query: `… AND <owner> = t0.id` (Strapi's query builder names its root table `t0`), so
 * `id IN (…)` becomes a lookup in the link table's (target, owner) index for each row the other
 * conditions leave. Uncorrelated, SQLite read the whole owner list first and then each owner's row by
 * id: a despachante's page of orders of one status in a date range took 16 ms and its count 14 ms
 * (42,711 owners); correlated, 0.4 ms and 1.8 ms. Not for a count whose only conditions are these sets
 * (`sets`): there the plain list is cheaper (13 ms vs 31 ms for every row). PostgreSQL plans the plain
 * form as a semi-join and keeps it. Changes the condition objects in place (each rewrite makes new ones).
 */
function correlateScopes(filters: Json): void {
  for (const cond of SCOPES.get(filters) ?? []) {
    const link = OWNERS.get(cond.$in);
    if (link) cond.$in = cond.$in.clone().whereRaw('?? = ??', [link.owner, 't0.id']);
  }
}

/** The link table, columns and targets of every owners select this module wrote (Builder.owners), for pageIds. */
const OWNERS = new WeakMap<Knex.QueryBuilder, { table: string; owner: string; target: string; ids: number[] | Knex.QueryBuilder }>();

/** The parts (each a select of `id`) of every union this module wrote, for the page path (pageIds). */
const PARTS = new WeakMap<Knex.QueryBuilder, Knex.QueryBuilder[]>();

/** The search boxes' unions among {@link UNIONS} (the count shortcut is for searches; a scope alone stays Strapi's). */
const SEARCHES = new WeakSet<Knex.QueryBuilder>();
const isSearch = (set: Knex.QueryBuilder) => SEARCHES.has(set);

/**
 * True when Strapi's count with `params` is exactly "rows matching `filters`": the query engine's count
 * reads only `_q`, `where` and `filters` (entity-manager `count`), and the Document Service adds a status
 * or locale condition only to draft & publish or localized content-types, which are excluded here.
 */
function plainCount(strapi: Core.Strapi, uid: UID.ContentType, params: Json): boolean {
  const ct = strapi.contentTypes[uid];
  const localized = (ct?.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized;
  return !!ct && !ct.options?.draftAndPublish && !localized && params._q === undefined && params.where === undefined;
}

/**
 * The id sets whose intersection `filters` is, when it is nothing but subqueries this module wrote (the
 * search box's union, a relation id's owners) under `$and`s and one-element `$or`s; else null.
 */
function idSets(filters: unknown, depth = 0): Knex.QueryBuilder[] | null {
  if (depth > 12 || !isObject(filters)) return null;
  const sets: Knex.QueryBuilder[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const parts =
      key === '$and' && Array.isArray(value)
        ? value.map((v) => idSets(v, depth + 1))
        : key === '$or' && Array.isArray(value) && value.length === 1
          ? [idSets(value[0], depth + 1)]
          : key === 'id' && isObject(value) && UNIONS.has(value)
            ? [[UNIONS.get(value)!]]
            : [null];
    for (const p of parts) {
      if (!p) return null;
      sets.push(...p);
    }
  }
  return sets;
}

/**
 * `SELECT COUNT(DISTINCT id) FROM (<first set>) WHERE id IN (<each other set>)`: the count of the search
 * box (and the caller's scope) without joining every match back to its table (the sets hold the
 * table's own ids or link-table owner ids, which the foreign keys keep existing), ~4× cheaper on
 * 85,000 matches. Same total as Strapi's count.
 */
async function countDistinct(strapi: Core.Strapi, sets: Knex.QueryBuilder[]): Promise<number> {
  const knex = strapi.db.connection as unknown as Knex;
  const query = knex.countDistinct({ count: 'u.id' }).from(sets[0].clone().as('u'));
  for (const other of sets.slice(1)) within(strapi, query, 'u.id', other);
  const rows: { count: string | number }[] = await query;
  return Number(rows[0]?.count ?? 0);
}

/**
 * `column IN (set)`; for a link table's owners (the data scope) as `EXISTS` a row of the link table for that
 * owner and those targets: a lookup in the link table's (owner, target) index per candidate row, where
 * `IN (owners)` made SQLite gather every owner first (85,000 for the seed's dispatcher) even for a search
 * that matched nothing, and once per part of a page. PostgreSQL plans either form as a semi-join.
 */
function within(strapi: Core.Strapi, query: Knex.QueryBuilder, column: string, set: Knex.QueryBuilder): void {
  const link = OWNERS.get(set);
  if (!link) {
    query.whereIn(column, set.clone());
    return;
  }
  const knex = strapi.db.connection as unknown as Knex;
  const schema = dialectOf(strapi) === 'postgres' ? strapi.db.getSchemaName() : undefined;
  query.whereExists((qb) => {
    if (schema) qb.withSchema(schema);
    qb.select(knex.raw('1'))
      .from(`${link.table} as l`)
      .whereRaw('?? = ??', [`l.${link.owner}`, column])
      .whereIn(`l.${link.target}`, Array.isArray(link.ids) ? link.ids : link.ids.clone());
  });
}

/** Largest `start + limit` the page path reads per part (a deeper page keeps Strapi's query). */
const MAX_PAGE_DEPTH = 5000;

/** A findMany's window when it is ordered by id alone (Strapi's default order), else null. */
interface PageWindow {
  start: number;
  limit: number;
  dir: 'asc' | 'desc';
}

/**
 * The window of a findMany whose order is the id alone: no `sort` (Strapi then orders by id asc, the
 * query builder's tie-breaker) or `id`, `id:asc`, `id:desc` (string, one-element array or `{id: dir}`);
 * `start`/`limit` whole numbers with `start + limit` ≤ {@link MAX_PAGE_DEPTH}. null for any other shape.
 */
function pageWindow(params: Json): PageWindow | null {
  const { start = 0, limit } = params as { start?: unknown; limit?: unknown };
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(limit)) return null;
  const [s, l] = [start as number, limit as number];
  if (s < 0 || l < 1 || s + l > MAX_PAGE_DEPTH) return null;
  let sort: unknown = params.sort;
  if (Array.isArray(sort)) {
    if (sort.length > 1) return null;
    sort = sort[0];
  }
  if (sort === undefined || sort === null) return { start: s, limit: l, dir: 'asc' };
  let dir: unknown;
  if (typeof sort === 'string') {
    const m = /^id(?::(asc|desc))?$/i.exec(sort.trim());
    if (!m) return null;
    dir = (m[1] ?? 'asc').toLowerCase();
  } else if (isObject(sort) && Object.keys(sort).length === 1 && typeof sort.id === 'string') dir = sort.id.toLowerCase();
  return dir === 'asc' || dir === 'desc' ? { start: s, limit: l, dir } : null;
}

/**
 * The ids of one page of the intersection of `sets` (idSets), in id order: the first search set is
 * read part by part, each part limited to its own first `start + limit` ids (after the other sets'
 * conditions), and the page cut from their union. Exact: an id among the union's first n has fewer
 * than n smaller ids in the union, so fewer than n in its own part. Each part's first ids come from
 * an index in id order (primary key, the link table's (target, owner) index) and stop early, where
 * the whole union had to be gathered, de-duplicated and sorted before the page (66,000 rows for
 * 'pago', ~75 ms on PostgreSQL).
 */
async function pageIds(strapi: Core.Strapi, sets: Knex.QueryBuilder[], page: PageWindow): Promise<number[]> {
  const knex = strapi.db.connection as unknown as Knex;
  const driver = sets.find(isSearch)!;
  const others = sets.filter((set) => set !== driver);
  const depth = page.start + page.limit;
  const firsts = (PARTS.get(driver) ?? [driver]).map((part, i) => {
    const inner = knex.select('p.id').from(part.clone().as('p'));
    for (const other of others) within(strapi, inner, 'p.id', other);
    return knex.select('id').from(inner.orderBy('p.id', page.dir).limit(depth).as(`f${i}`));
  });
  const union = firsts.length === 1 ? firsts[0] : firsts[0].unionAll(firsts.slice(1));
  const rows: { id: number | string }[] = await knex.distinct('u.id').from(union.as('u')).orderBy('u.id', page.dir).offset(page.start).limit(page.limit);
  return rows.map((r) => Number(r.id));
}

/** One foldable branch of an `$or`: own text column, text column of a relation, or relation ids. */
type Part =
  | { kind: 'never' }
  | { kind: 'own'; term: string; column: string }
  | { kind: 'rel'; term: string; relation: AttributeMeta; targetUid: UID.ContentType; attribute: string; column: string }
  | { kind: 'ids'; relation: AttributeMeta; ids: number[] }
  | { kind: 'eq'; branch: Json }
  | { kind: 'relWhere'; relation: AttributeMeta; targetUid: UID.ContentType; where: Json };

/**
 * Operators the rewrite descends into. Never `$not`: under NOT, Strapi's `LIKE` on a NULL column (or on
 * a missing relation row) is NULL and keeps the row out, while `id IN (…)` is false and NOT brings it
 * in; outside NOT, NULL and false select the same rows.
 */
const LOGICAL = new Set(['$and']);

async function walk(b: Builder, uid: UID.ContentType, node: unknown, depth: number): Promise<unknown> {
  if (depth > 12 || !node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return Promise.all(node.map((n) => walk(b, uid, n, depth + 1)));
  if (!isObject(node)) return node;
  const out: Json = {};
  const linked: Json[] = [];
  for (const [key, value] of Object.entries(node)) {
    const owners = key.startsWith('$') ? null : b.ownersOf(uid, key, value);
    if (owners !== null) {
      const cond = { $in: owners };
      UNIONS.set(cond, owners);
      b.scopes.push(cond);
      linked.push({ id: cond });
    } else if (key === '$or' && Array.isArray(value)) out[key] = await rewriteOr(b, uid, value, depth + 1);
    else if (LOGICAL.has(key)) out[key] = await walk(b, uid, value, depth + 1);
    else out[key] = value;
  }
  if (linked.length) {
    const and = out.$and;
    out.$and = [...(Array.isArray(and) ? and : and === undefined ? [] : [and]), ...linked];
  }
  return out;
}

/** The `$or` branches with the foldable ones replaced by one `{id: {$in: subquery}}` (see above). */
async function rewriteOr(b: Builder, uid: UID.ContentType, branches: unknown[], depth: number): Promise<unknown[]> {
  const parts: Part[] = [];
  const kept: unknown[] = [];
  let textual = false;
  for (const branch of branches) {
    const part = classify(b, uid, branch);
    if (!part) {
      kept.push(await walk(b, uid, branch, depth + 1));
    } else if (part.kind === 'relWhere') {
      // a text condition ANDed with more on a relation (utils/user-filters.ts, for a party caller):
      // the matching targets are looked up first, then read through the link table like the rest
      const ids = await b.idsWhere(part.targetUid, part.where);
      if (ids === null) kept.push(await walk(b, uid, branch, depth + 1));
      else {
        parts.push({ kind: 'ids', relation: part.relation, ids });
        textual = true;
      }
    } else if (part.kind !== 'never') {
      parts.push(part);
      textual ||= part.kind === 'own' || part.kind === 'rel';
    }
  }
  // only worth it when at least one text branch takes the index path
  if (!textual) return Promise.all(branches.map((branch) => walk(b, uid, branch, depth + 1)));
  const union = await b.union(uid, parts);
  if (!union) return [NEVER, ...kept];
  const cond = { $in: union.query };
  UNIONS.set(cond, union.query);
  SEARCHES.add(union.query);
  return [{ id: cond }, ...kept];
}

/** A condition no row meets (ids are never null): the folded branches matched nothing. */
const NEVER = { id: { $null: true } };

/** Most related ids looked up first and sent as a list; more keep the subquery. */
const MAX_RELATED_IDS = 500;

/**
 * Scalar attribute types whose `{field: {$eq: value}}` branch joins the subquery (beside the text
 * branches): the numbers, amounts, ids and statuses the search boxes compare exactly. Each has a
 * B-tree index (schema.json `indexes`, or the primary key), so "ids where field = value" is an index
 * lookup; left in the `$or` beside `id IN (…)`, one such branch made the database test every row.
 */
const EQ_TYPES = new Set(['increments', 'integer', 'biginteger', 'decimal', 'float', 'enumeration', 'string', 'uid']);

/** `{$eq: v}` with a non-null string, number or boolean v as the only operator. */
function isScalarEq(cond: unknown): boolean {
  if (!isObject(cond)) return false;
  const keys = Object.keys(cond);
  const v = cond.$eq;
  return keys.length === 1 && keys[0] === '$eq' && (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)));
}

/**
 * The ids of `{$eq: n}` or `{$in: [n, …]}` (numbers, or digit strings as a query string sends them) when
 * every one is a safe integer; else null.
 */
function idList(cond: unknown): number[] | null {
  if (!isObject(cond) || Object.keys(cond).length !== 1) return null;
  const raw = '$eq' in cond ? [cond.$eq] : Array.isArray(cond.$in) ? cond.$in : null;
  const ids = raw?.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN));
  return ids?.length && ids.every((id) => Number.isSafeInteger(id)) ? ids : null;
}

/** The text term of `{$containsi: term}` when it is the only operator and long enough; else null. */
function termOf(cond: unknown): string | null {
  if (!isObject(cond)) return null;
  const keys = Object.keys(cond);
  if (keys.length !== 1 || keys[0] !== '$containsi' || typeof cond.$containsi !== 'string') return null;
  const length = [...cond.$containsi].length;
  return length >= MIN_INDEXED_TERM && length <= MAX_INDEXED_TERM ? cond.$containsi : null;
}

/**
 * `{$null: true, $notNull: true}`: the condition utils/query-errors.ts writes for a branch that can
 * never match (a relation name nothing matches, a number out of a column's range). False on every
 * row, so inside an `$or` it is dropped (OR false = the rest) — left in, its join kept every search
 * on the scan path.
 */
function isNever(cond: unknown): boolean {
  return isObject(cond) && Object.keys(cond).length === 2 && cond.$null === true && cond.$notNull === true;
}

/** The branch as a {@link Part}, or null when it has another shape. */
function classify(b: Builder, uid: UID.ContentType, branch: unknown): Part | null {
  if (!isObject(branch)) return null;
  const keys = Object.keys(branch);
  if (keys.length !== 1) return null;
  const only = branch[keys[0]];
  if (isNever(only) || (isObject(only) && Object.keys(only).length === 1 && isNever(only.id))) return { kind: 'never' };
  const meta = b.meta(uid);
  const attribute = meta?.attributes[keys[0]];
  if (!attribute) return null;
  const value = branch[keys[0]];
  if (EQ_TYPES.has(attribute.type) && isScalarEq(value)) return { kind: 'eq', branch };
  if (TEXT_TYPES.has(attribute.type) && attribute.columnName) {
    const term = termOf(value);
    return term === null ? null : { kind: 'own', term, column: attribute.columnName };
  }
  const relation = b.toOne(attribute);
  if (!relation || !isObject(value)) return null;
  const inner = Object.keys(value);
  if (inner.length !== 1) return null;
  const targetUid = attribute.target as UID.ContentType;
  if (inner[0] === '$and') {
    // `{rel: {$and: [{field: {$containsi: term}}, …]}}`: one text conjunct makes the whole branch false
    // for an owner without a linked row, as Strapi's LEFT JOIN makes it, so "owners of matching targets" is exact
    const all = value.$and;
    const textConjunct = (c: unknown) => {
      if (!isObject(c) || Object.keys(c).length !== 1) return false;
      const [field] = Object.keys(c);
      const a = b.meta(targetUid)?.attributes[field];
      return !!a && TEXT_TYPES.has(a.type) && termOf(c[field]) !== null;
    };
    return Array.isArray(all) && all.some(textConjunct) ? { kind: 'relWhere', relation, targetUid, where: value } : null;
  }
  if (inner[0] === 'id') {
    const ids = idList(value.id);
    return ids ? { kind: 'ids', relation, ids } : null;
  }
  const targetAttribute = b.meta(targetUid)?.attributes[inner[0]];
  if (!targetAttribute || !TEXT_TYPES.has(targetAttribute.type) || !targetAttribute.columnName) return null;
  const term = termOf(value[inner[0]]);
  return term === null ? null : { kind: 'rel', term, relation, targetUid, attribute: inner[0], column: targetAttribute.columnName };
}

/**
 * The related-id lookups of the current request (request context), else of the current rewrite: the
 * list and its count rewrite the same filters, and the company and dispatcher branches look up the
 * same users with the same term; each lookup runs once per request.
 */
const REQUEST_LOOKUPS = new WeakMap<object, Map<string, Promise<number[] | null>>>();

function requestLookups(strapi: Core.Strapi): Map<string, Promise<number[] | null>> | null {
  const ctx = strapi.requestContext?.get?.() as object | undefined;
  if (!ctx) return null;
  let memo = REQUEST_LOOKUPS.get(ctx);
  if (!memo) REQUEST_LOOKUPS.set(ctx, (memo = new Map()));
  return memo;
}

/** Builds the subqueries (knex) for one rewrite, with the dialect's predicate. */
class Builder {
  private readonly dialect: string;
  private readonly lookups: Map<string, Promise<number[] | null>>;
  /** The data-scope conditions (`{$in: <owners>}`) this rewrite wrote, for correlateScopes. */
  readonly scopes: { $in: Knex.QueryBuilder }[] = [];

  constructor(private readonly strapi: Core.Strapi) {
    this.dialect = dialectOf(strapi);
    this.lookups = requestLookups(strapi) ?? new Map();
  }

  meta(uid: string) {
    return modelMeta(this.strapi, uid);
  }

  /** The relation when it is a to-one link-table relation to a content-type without draft & publish; else null. */
  toOne(attribute: AttributeMeta): AttributeMeta | null {
    if (attribute.type !== 'relation' || !/^(manyToOne|oneToOne)$/.test(attribute.relation ?? '')) return null;
    const jt = attribute.joinTable;
    if (!jt || jt.on || !attribute.target) return null;
    const target = this.strapi.contentTypes[attribute.target];
    if (!target || target.options?.draftAndPublish) return null;
    return attribute;
  }

  /**
   * `{rel: {id: {$eq: n}}}` or `{rel: {id: {$in: [n, …]}}}` on a to-one relation (the data scope of
   * utils/scope.ts, a dispatcher or company filter) as the link-table select of the owners' ids; null
   * for any other shape. Strapi joins the link and target tables for it and must then `SELECT DISTINCT`
   * every wide row it reads (85,000 rows for the seed's dispatcher: ~1 s on PostgreSQL); the owners of
   * these targets, read from the link table's (target, owner) index, are the same rows (the foreign
   * key keeps every linked target existing; outside `$not`, which the walk never enters).
   */
  ownersOf(uid: UID.ContentType, key: string, value: unknown): Knex.QueryBuilder | null {
    const attribute = this.meta(uid)?.attributes[key];
    const relation = attribute ? this.toOne(attribute) : null;
    if (!relation || !isObject(value) || Object.keys(value).length !== 1) return null;
    const ids = idList(value.id);
    return ids ? this.owners(relation, ids) : null;
  }

  /** `SELECT <owner> AS id FROM <link table> WHERE <target> IN (ids)`: the owners of these targets (a list or a subquery) of a to-one relation. */
  owners(relation: AttributeMeta, ids: number[] | Knex.QueryBuilder): Knex.QueryBuilder {
    const jt = relation.joinTable!;
    const query = this.table(jt.name).select({ id: jt.joinColumn.name }).whereIn(jt.inverseJoinColumn.name, ids);
    OWNERS.set(query, { table: jt.name, owner: jt.joinColumn.name, target: jt.inverseJoinColumn.name, ids });
    return query;
  }

  private table(name: string): Knex.QueryBuilder {
    return this.strapi.db.getConnection(name) as unknown as Knex.QueryBuilder;
  }

  /** Strapi's `$containsi` predicate on `column` (where.js in @strapi/database), as raw SQL + bindings. */
  private containsi(qb: Knex.QueryBuilder, column: string, term: string): Knex.QueryBuilder {
    const pattern = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    if (this.dialect === 'postgres') return qb.orWhereRaw('LOWER(CAST(?? AS VARCHAR)) LIKE LOWER(?)', [column, pattern]);
    if (this.dialect === 'sqlite') return qb.orWhereRaw("LOWER(??) LIKE LOWER(?) ESCAPE '\\'", [column, pattern]);
    return qb.orWhereRaw('LOWER(??) LIKE LOWER(?)', [column, pattern]);
  }

  /** True when every one of `columns` of `uid` is in its ready FTS5 index (SQLite only). */
  private ftsIndexed(uid: UID.ContentType, columns: string[]): boolean {
    if (this.dialect !== 'sqlite' || !indexReady(this.strapi, uid)) return false;
    const meta = this.meta(uid)!;
    const indexed = new Set((SEARCH_INDEXED[uid] ?? []).map((a) => meta.attributes[a]?.columnName));
    return columns.every((c) => indexed.has(c));
  }

  /** `SELECT rowid AS id` of the FTS5 index: exactly the rows of `uid` whose `columns` contain `term` (see ftsIndexed). */
  private ftsMatches(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder {
    const fts = ftsTable(this.meta(uid)!.tableName);
    return this.table(fts)
      .select({ id: 'rowid' })
      .whereRaw('?? MATCH ?', [fts, ftsPhrase(columns, term)]);
  }

  /**
   * The ids of `uid` whose `attributes` contain `term`, looked up now through Strapi's query engine
   * (same `$containsi`, inside the caller's transaction if any; on SQLite answered by the FTS5
   * match, which is that `$containsi`): a short id list lets the link-table lookup use its index. null when more than
   * {@link MAX_RELATED_IDS} match.
   */
  private relatedIds(uid: UID.ContentType, attributes: string[], columns: string[], term: string): Promise<number[] | null> {
    const key = `${uid}\u0000${attributes.join(',')}\u0000${term}`;
    const memo = this.lookups;
    let ids = memo.get(key);
    if (ids === undefined) {
      ids = this.lookUpRelatedIds(uid, attributes, columns, term);
      memo.set(key, ids);
      ids.catch(() => memo.delete(key));
    }
    return ids;
  }

  private async lookUpRelatedIds(uid: UID.ContentType, attributes: string[], columns: string[], term: string): Promise<number[] | null> {
    // on SQLite the FTS5 match is that very $containsi (indexes.ts): no second check of the rows
    const where: Json = this.ftsIndexed(uid, columns)
      ? { id: { $in: this.ftsMatches(uid, columns, term) } }
      : { $or: attributes.map((a) => ({ [a]: { $containsi: term } })) };
    const rows: { id: number }[] = await this.strapi.db.query(uid).findMany({
      where,
      select: ['id'],
      limit: MAX_RELATED_IDS + 1,
    });
    return rows.length > MAX_RELATED_IDS ? null : rows.map((r) => r.id);
  }

  /** The ids of `uid` matching the Strapi `where` (query engine, caller's transaction); null when more than {@link MAX_RELATED_IDS}. */
  async idsWhere(uid: UID.ContentType, where: Json): Promise<number[] | null> {
    const rows: { id: number }[] = await this.strapi.db.query(uid).findMany({ where, select: ['id'], limit: MAX_RELATED_IDS + 1 });
    return rows.length > MAX_RELATED_IDS ? null : rows.map((r) => r.id);
  }

  /**
   * `SELECT id FROM <uid's table>` where any of `columns` contains `term` (case-insensitive); on
   * SQLite, the indexed columns are answered by the FTS5 table alone (same rows as the LIKE).
   */
  matching(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder {
    return unionAll(this.matchingParts(uid, columns, term));
  }

  /** {@link matching}'s selects, one per index path (not yet joined by UNION ALL). */
  matchingParts(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder[] {
    const { tableName } = this.meta(uid)!;
    const indexed = columns.filter((c) => this.ftsIndexed(uid, [c]));
    const plain = columns.filter((c) => !indexed.includes(c));
    const selects: Knex.QueryBuilder[] = [];
    const anyOf = (list: string[]) => (qb: Knex.QueryBuilder) => {
      for (const c of list) this.containsi(qb, c, term);
    };
    if (indexed.length) selects.push(this.ftsMatches(uid, indexed, term));
    // PostgreSQL: one select per column, so each trigram bitmap is rechecked against its own column's LIKE
    // only (one OR of every column's LIKE made each of 13,000 'visa' rows test five LIKEs: ~4× the count)
    if (plain.length && this.dialect === 'postgres')
      for (const c of plain)
        selects.push(
          this.table(tableName)
            .select('id')
            .where(anyOf([c])),
        );
    else if (plain.length) selects.push(this.table(tableName).select('id').where(anyOf(plain)));
    return selects;
  }

  /**
   * The UNION ALL of every part's matching ids of `uid` (own rows, or link-table owners; duplicates
   * are harmless under IN); null when no part can match. Wrapped in `{query}`: a knex builder is a
   * thenable, which an async function would run instead of returning.
   */
  async union(uid: UID.ContentType, parts: Part[]): Promise<{ query: Knex.QueryBuilder } | null> {
    const selects: Knex.QueryBuilder[] = [];
    const own = new Map<string, string[]>();
    const rel = new Map<string, { relation: AttributeMeta; targetUid: UID.ContentType; term: string; attributes: string[]; columns: string[] }>();
    const eq: Json[] = [];
    for (const p of parts) {
      if (p.kind === 'eq') eq.push(p.branch);
      else if (p.kind === 'own') own.set(p.term, [...(own.get(p.term) ?? []), p.column]);
      else if (p.kind === 'rel') {
        const key = `${p.relation.joinTable!.name}\u0000${p.term}`;
        const entry = rel.get(key) ?? { relation: p.relation, targetUid: p.targetUid, term: p.term, attributes: [], columns: [] };
        entry.attributes.push(p.attribute);
        entry.columns.push(p.column);
        rel.set(key, entry);
      } else if (p.kind === 'ids' && p.ids.length) selects.push(this.owners(p.relation, p.ids));
    }
    for (const [term, columns] of own) selects.push(...this.matchingParts(uid, columns, term));
    // the exact branches through Strapi's own query builder: the very `$eq` (value cast by the attribute's type) it would run
    if (eq.length) selects.push(this.strapi.db.entityManager.createQueryBuilder(uid).select('id').where({ $or: eq }).getKnexQuery() as Knex.QueryBuilder);
    for (const { relation, targetUid, term, attributes, columns } of rel.values()) {
      const ids = await this.relatedIds(targetUid, attributes, columns, term);
      if (ids?.length === 0) continue;
      selects.push(this.owners(relation, ids ?? this.matching(targetUid, columns, term)));
    }
    if (!selects.length) return null;
    const each = selects.map((select) => select.clone());
    const query = unionAll(selects);
    PARTS.set(query, each);
    return { query };
  }
}

/** One select, or the first with the others appended by UNION ALL (knex adds them to the first: it is changed). */
function unionAll(selects: Knex.QueryBuilder[]): Knex.QueryBuilder {
  return selects.length === 1 ? selects[0] : selects[0].unionAll(selects.slice(1));
}
