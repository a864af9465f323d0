import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { dialectOf } from './indexes';
import { readInCurrentTransaction } from '../current-transaction';
import { isObject, type Json } from '../types';

/**
 * The id sets a search rewrite (rewrite.ts) writes into a query's filters, and the shortcuts that
 * read them: the count of a search (countDistinct), the page of a search in id order (pageIds), and
 * on SQLite the data scope correlated to the outer row (correlateScopes). Every shortcut answers
 * what Strapi's own query would: same rows, order and totals.
 */

/** An owners select (`SELECT <owner> AS id FROM <link table> WHERE <target> IN ids`) with its link table and columns. */
export interface LinkSelect {
  table: string;
  owner: string;
  target: string;
  ids: number[] | Knex.QueryBuilder;
}

/** One id set the rewrite wrote into the filters, as the condition `{id: {$in: query}}`. */
export interface IdSet {
  /** The select of ids (every part selects its ids as `id`), as written. */
  query: Knex.QueryBuilder;
  /** Set when `query` is a single owners select (a to-one relation's id, such as the data scope). */
  link?: LinkSelect;
  /** The search box's union: copies of its parts (each a select of `id`), for the page path. */
  parts?: Knex.QueryBuilder[];
  /** For each of `parts`, its link table when the part is an owners select (see {@link LinkSelect}). */
  partLinks?: (LinkSelect | undefined)[];
}

/** What one rewrite wrote into its filters, handed from the rewrite to the shortcuts below. */
export interface Written {
  /** Each `{$in: …}` condition object written into the filters, with its id set. */
  sets: Map<object, IdSet>;
  /** The data-scope conditions (owners of a to-one relation's ids), in the order written. */
  scopes: { $in: Knex.QueryBuilder }[];
}

/** A search box's union (the count and page shortcuts are for searches; a scope alone stays Strapi's). */
export const isSearch = (set: IdSet) => set.parts !== undefined;

/** The listed targets of `part` when it is the owners of listed targets through the same link table and columns as `scope`; else null. */
function sameLinkTargets(part: LinkSelect | undefined, scope: LinkSelect): number[] | null {
  if (!part || part.table !== scope.table || part.owner !== scope.owner || part.target !== scope.target) return null;
  return Array.isArray(part.ids) ? part.ids : null;
}

/**
 * `sets` with each search union narrowed by the other sets that are owners of listed targets (the data scope:
 * a despachante's receivables are the owners of its user id through the dispatcher link). Such a link is a
 * to-one relation's (SubqueryBuilder.ownersOf), one target per owner, so a part of the union that is the owners
 * of listed targets through the same link table and columns
 * - lists every target of the scope: that part alone holds every row of the scope, so the union's intersection
 *   with the scope is the scope and the union goes (a despachante searching a piece of its own name or CNPJ
 *   matches all of its own rows, 85,000 on the large seed: the count and the page read the scope's link
 *   table alone instead of every part);
 * - lists none of them: it holds no row of the scope and goes (another dispatcher's name, searched by a
 *   despachante, walked that dispatcher's 85,000 rows to find none in scope). A union left with no part is
 *   an empty select.
 * The same rows either way; `sets` itself when nothing narrows.
 */
export function narrowedToScopes(sets: IdSet[]): IdSet[] {
  const scopes = sets.filter((set) => !isSearch(set) && set.link !== undefined && Array.isArray(set.link.ids));
  if (!scopes.length) return sets;
  const listed = (scope: IdSet) => scope.link!.ids as number[];
  const out: IdSet[] = [];
  for (const set of sets) {
    const links = set.partLinks;
    if (!isSearch(set) || !links) {
      out.push(set);
      continue;
    }
    const covered = scopes.some((scope) =>
      links.some((part) => {
        const targets = sameLinkTargets(part, scope.link!);
        return targets !== null && listed(scope).every((id) => targets.includes(id));
      }),
    );
    if (covered) continue;
    const keep = links.map(
      (part) =>
        !scopes.some((scope) => {
          const targets = sameLinkTargets(part, scope.link!);
          return targets !== null && !targets.some((id) => listed(scope).includes(id));
        }),
    );
    if (keep.every(Boolean)) {
      out.push(set);
      continue;
    }
    const parts = set.parts!.filter((_, i) => keep[i]);
    const partLinks = links.filter((_, i) => keep[i]);
    if (!parts.length) {
      parts.push(scopes[0].query.clone().whereRaw('1 = 0'));
      partLinks.push(undefined);
    }
    const query = parts.length === 1 ? parts[0].clone() : parts[0].clone().unionAll(parts.slice(1).map((part) => part.clone()));
    out.push({ query, parts, partLinks });
  }
  return out;
}

/**
 * True when Strapi's count with `params` is exactly "rows matching `filters`": the query engine's count
 * reads only `_q`, `where` and `filters` (entity-manager `count`), and the Document Service adds a status
 * or locale condition only to draft & publish or localized content-types, which are excluded here.
 */
export function plainCount(strapi: Core.Strapi, uid: UID.ContentType, params: Json): boolean {
  const ct = strapi.contentTypes[uid];
  const localized = (ct?.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized;
  return !!ct && !ct.options?.draftAndPublish && !localized && params._q === undefined && params.where === undefined;
}

/**
 * The id sets whose intersection `filters` is, when it is nothing but sets `written` holds (the
 * search box's union, a relation id's owners) under `$and`s and one-element `$or`s; else null.
 */
export function idSets(filters: unknown, written: Written, depth = 0): IdSet[] | null {
  if (depth > 12 || !isObject(filters)) return null;
  const sets: IdSet[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const parts =
      key === '$and' && Array.isArray(value)
        ? value.map((v) => idSets(v, written, depth + 1))
        : key === '$or' && Array.isArray(value) && value.length === 1
          ? [idSets(value[0], written, depth + 1)]
          : key === 'id' && isObject(value) && written.sets.has(value)
            ? [[written.sets.get(value)!]]
            : [null];
    for (const p of parts) {
      if (!p) return null;
      sets.push(...p);
    }
  }
  return sets;
}

/**
 * On SQLite, narrows each data-scope condition `written` holds to the outer row of Strapi's query:
 * `… AND <owner> = t0.id` (Strapi's query builder names its root table `t0`), so `id IN (…)` becomes a
 * lookup in the link table's (target, owner) index for each row the other conditions leave.
 * Uncorrelated, SQLite read the whole owner list first and then each owner's row by id: a
 * despachante's page of orders of one status in a date range took 16 ms and its count 14 ms (42,711
 * owners); correlated, 0.4 ms and 1.8 ms. Not for a count whose only conditions are id sets: there the
 * plain list is cheaper (13 ms vs 31 ms for every row). PostgreSQL plans the plain form as a semi-join
 * and keeps it. Changes the condition objects in place (each rewrite makes new ones).
 */
export function correlateScopes(written: Written): void {
  for (const cond of written.scopes) {
    const link = written.sets.get(cond)?.link;
    if (link) cond.$in = cond.$in.clone().whereRaw('?? = ??', [link.owner, 't0.id']);
  }
}

/**
 * `SELECT COUNT(DISTINCT id) FROM (<first set>) WHERE id IN (<each other set>)` (on SQLite, `COUNT(*)` of a UNION
 * for a search of several parts): the count of the search
 * box (and the caller's scope) without joining every match back to its table (the sets hold the
 * table's own ids or link-table owner ids, which the foreign keys keep existing), ~4× cheaper on
 * 85,000 matches. Same total as Strapi's count. The statement, not run (one-trip.ts nests it): one row `{count}`.
 */
export function countDistinctQuery(strapi: Core.Strapi, all: IdSet[]): Knex.QueryBuilder {
  const knex = strapi.db.connection as unknown as Knex;
  const sets = narrowedToScopes(all);
  const [first] = sets;
  // on SQLite a search union of several parts is counted as `COUNT(*)` of its parts' UNION (the union drops
  // the duplicates), not `COUNT(DISTINCT)` of their UNION ALL: SQLite sorted every match for the DISTINCT (a
  // despachante's "pago", 66,586 matches before the scope: 30 ms against 11). PostgreSQL keeps the DISTINCT:
  // its UNION's hash of every match made the administrator's receivables search slower (p95 at 1 client 27 → 41 ms)
  const parts = dialectOf(strapi) === 'sqlite' && isSearch(first) && first.parts!.length > 1 ? first.parts! : null;
  const query = parts
    ? knex.count({ count: '*' }).from(
        parts[0]
          .clone()
          .union(parts.slice(1).map((part) => part.clone()))
          .as('u'),
      )
    : knex.countDistinct({ count: 'u.id' }).from(first.query.clone().as('u'));
  for (const other of sets.slice(1)) within(strapi, query, 'u.id', other);
  return query;
}

/** countDistinctQuery's total, run. Throws what the database throws. */
export async function countDistinct(strapi: Core.Strapi, sets: IdSet[]): Promise<number> {
  const rows = await readInCurrentTransaction<{ count: string | number }>(strapi, countDistinctQuery(strapi, sets));
  return Number(rows[0]?.count ?? 0);
}

/**
 * `column IN (set)`; for a link table's owners (the data scope) as `EXISTS` a row of the link table for that
 * owner and those targets: a lookup in the link table's (owner, target) index per candidate row, where
 * `IN (owners)` made SQLite gather every owner first (85,000 for the seed's dispatcher) even for a search
 * that matched nothing, and once per part of a page. PostgreSQL plans either form as a semi-join.
 */
function within(strapi: Core.Strapi, query: Knex.QueryBuilder, column: string, set: IdSet): void {
  const link = set.link;
  if (!link) {
    query.whereIn(column, set.query.clone());
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
export interface PageWindow {
  start: number;
  limit: number;
  dir: 'asc' | 'desc';
}

/**
 * The window of a findMany whose order is the id alone: no `sort` (Strapi then orders by id asc, the
 * query builder's tie-breaker) or `id`, `id:asc`, `id:desc` (string, one-element array or `{id: dir}`);
 * `start`/`limit` whole numbers with `start + limit` ≤ {@link MAX_PAGE_DEPTH}. null for any other shape.
 */
export function pageWindow(params: Json): PageWindow | null {
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
 * The ids of one page of the intersection of `sets` (idSets, at least one a search), in id order: the
 * first search set (or, when narrowedToScopes drops it, the first set) is read part by part, each part limited to its own first `start + limit` ids (after
 * the other sets' conditions), and the page cut from their union. Exact: an id among the union's first
 * n has fewer than n smaller ids in the union, so fewer than n in its own part. Each part's first ids
 * come from an index in id order (primary key, the link table's (target, owner) index) and stop early,
 * where the whole union had to be gathered, de-duplicated and sorted before the page (66,000 rows for
 * 'pago', ~75 ms on PostgreSQL). Throws what the database throws.
 */
export async function pageIds(strapi: Core.Strapi, sets: IdSet[], page: PageWindow): Promise<number[]> {
  const rows = await readInCurrentTransaction<{ id: number | string }>(strapi, pageIdsQuery(strapi, sets, page));
  return rows.map((r) => Number(r.id));
}

/** pageIds' statement, not run (one-trip.ts nests it): the page's rows `{id}`, in the page's order. */
export function pageIdsQuery(strapi: Core.Strapi, all: IdSet[], page: PageWindow): Knex.QueryBuilder {
  const knex = strapi.db.connection as unknown as Knex;
  const sets = narrowedToScopes(all);
  const driver = sets.find(isSearch) ?? sets[0];
  const others = sets.filter((set) => set !== driver);
  const depth = page.start + page.limit;
  const firsts = (driver.parts ?? [driver.query]).map((part, i) => {
    const inner = knex.select('p.id').from(part.clone().as('p'));
    for (const other of others) within(strapi, inner, 'p.id', other);
    return knex.select('id').from(inner.orderBy('p.id', page.dir).limit(depth).as(`f${i}`));
  });
  const union = firsts.length === 1 ? firsts[0] : firsts[0].unionAll(firsts.slice(1));
  return knex.distinct('u.id').from(union.as('u')).orderBy('u.id', page.dir).offset(page.start).limit(page.limit);
}
