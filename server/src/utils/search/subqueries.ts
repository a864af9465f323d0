import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { SEARCH_INDEXED } from './config';
import { dialectOf, ftsPhrase, ftsTable, indexReady, modelMeta, type AttributeMeta } from './indexes';
import { idList, toOneRelation, type Part } from './branches';
import type { IdSet, LinkSelect } from './id-sets';
import { isObject, requestState, type Json } from '../types';

/**
 * Most related ids looked up first and sent as a list; more keep the subquery. `SEARCH_MAX_RELATED_IDS` (a positive
 * whole number, read per lookup) sets it; 500 without it or with anything else.
 */
const maxRelatedIds = (): number => {
  const n = Number(process.env.SEARCH_MAX_RELATED_IDS);
  return Number.isSafeInteger(n) && n > 0 ? n : 500;
};

/** Related-id lookups by (content-type, attributes, term) or (content-type, where): each runs once per request. */
export type RelatedIdLookups = Map<string, Promise<number[] | null>>;

/** A lookup {@link SubqueryBuilder} in `'collect'` mode met: its memo key and its select of ids as `__lookup_id` (at most maxRelatedIds() + 1), not run. */
export interface PendingLookup {
  key: string;
  select: Knex.QueryBuilder;
}

/**
 * Runs `pending` lookups (SubqueryBuilder `'collect'`) as ONE statement, `SELECT ARRAY(<select>), …`, and
 * records each answer in `memo` as the lookup itself would (null past maxRelatedIds() ids). PostgreSQL only
 * (ARRAY). Throws what the database throws.
 */
export async function runLookups(strapi: Core.Strapi, pending: PendingLookup[], memo: RelatedIdLookups): Promise<void> {
  const todo = pending.filter((p, i) => !memo.has(p.key) && pending.findIndex((q) => q.key === p.key) === i);
  if (!todo.length) return;
  const knex = strapi.db.connection;
  // each select names its id `__lookup_id` (under DISTINCT Strapi's builder also selects its sort column: `t0.id` twice)
  const sql = `SELECT ${todo.map(() => 'ARRAY(SELECT "s"."__lookup_id" FROM (?) AS "s") AS ??').join(', ')}`;
  const answer = (await knex.raw(
    sql,
    todo.flatMap((p, i) => [p.select, `l${i}`]),
  )) as { rows: Record<string, (number | string)[]>[] };
  todo.forEach((p, i) => {
    const ids = answer.rows[0][`l${i}`].map(Number);
    memo.set(p.key, Promise.resolve(ids.length > maxRelatedIds() ? null : ids));
  });
}

/**
 * The related-id lookups of the current request, kept on its `ctx.state` (Koa's place for what the
 * handling of one request shares): the list and its count rewrite the same filters, and the company
 * and dispatcher branches look up the same users with the same term. null outside a request.
 */
export function requestLookups(strapi: Core.Strapi): RelatedIdLookups | null {
  const state = requestState(strapi);
  if (!state) return null;
  return (state.searchLookups ??= new Map());
}

/** One select, or the first with the others appended by UNION ALL (knex adds them to the first: it is changed). */
function unionAll(selects: Knex.QueryBuilder[]): Knex.QueryBuilder {
  return selects.length === 1 ? selects[0] : selects[0].unionAll(selects.slice(1));
}

/**
 * Builds the subqueries (knex) of one rewrite, with the dialect's predicate: every select is one
 * Strapi would run (`$containsi` as where.js in @strapi/database writes it, `$eq` through Strapi's own
 * query builder), answered by the indexes of indexes.ts. Remembers the link table of each owners
 * select it made, so the id set of a union that is one such select carries it (id-sets.ts `within`).
 */
export class SubqueryBuilder {
  private readonly dialect: string;
  private readonly lookups: RelatedIdLookups;
  private readonly links = new Map<Knex.QueryBuilder, LinkSelect>();
  /** The lookups met in `'collect'` mode, to run together (runLookups). */
  readonly pending: PendingLookup[] = [];

  /**
   * `lookUp` `'collect'`: no statement runs while building; each lookup not in the memo is recorded in
   * {@link pending} (and its targets stay a subquery), for a caller that runs them all as one statement
   * (runLookups) and then builds again from the memo (one-trip.ts). `memo`: the lookups' answers (default:
   * the request's, kept on its `ctx.state`).
   */
  constructor(
    private readonly strapi: Core.Strapi,
    private readonly lookUp: true | 'collect' = true,
    memo?: RelatedIdLookups,
  ) {
    this.dialect = dialectOf(strapi);
    this.lookups = memo ?? requestLookups(strapi) ?? new Map();
  }

  /**
   * `{rel: {id: {$eq: n}}}` or `{rel: {id: {$in: [n, …]}}}` on a to-one relation (the data scope of
   * utils/scope.ts, a dispatcher or company filter) as the id set of the owners (the link-table
   * select); null for any other shape. Strapi joins the link and target tables for it and must then
   * `SELECT DISTINCT` every wide row it reads (85,000 rows for the seed's dispatcher: ~1 s on
   * PostgreSQL); the owners of these targets, read from the link table's (target, owner) index, are
   * the same rows (the foreign key keeps every linked target existing; outside `$not`, which the walk
   * never enters).
   */
  ownersOf(uid: UID.ContentType, key: string, value: unknown): IdSet | null {
    const attribute = modelMeta(this.strapi, uid)?.attributes[key];
    const relation = attribute ? toOneRelation(this.strapi, attribute) : null;
    if (!relation || !isObject(value) || Object.keys(value).length !== 1) return null;
    const ids = idList(value.id);
    if (!ids) return null;
    const query = this.owners(relation, ids);
    return { query, link: this.links.get(query) };
  }

  /** `SELECT <owner> AS id FROM <link table> WHERE <target> IN (ids)`: the owners of these targets (a list or a subquery) of a to-one relation. */
  private owners(relation: AttributeMeta, ids: number[] | Knex.QueryBuilder): Knex.QueryBuilder {
    const jt = relation.joinTable!;
    const query = this.table(jt.name).select({ id: jt.joinColumn.name }).whereIn(jt.inverseJoinColumn.name, ids);
    this.links.set(query, { table: jt.name, owner: jt.joinColumn.name, target: jt.inverseJoinColumn.name, ids });
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
    const meta = modelMeta(this.strapi, uid)!;
    const indexed = new Set((SEARCH_INDEXED[uid] ?? []).map((a) => meta.attributes[a]?.columnName));
    return columns.every((c) => indexed.has(c));
  }

  /** `SELECT rowid AS id` of the FTS5 index: exactly the rows of `uid` whose `columns` contain `term` (see ftsIndexed). */
  private ftsMatches(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder {
    const fts = ftsTable(modelMeta(this.strapi, uid)!.tableName);
    return this.table(fts)
      .select({ id: 'rowid' })
      .whereRaw('?? MATCH ?', [fts, ftsPhrase(columns, term)]);
  }

  /**
   * The ids of `uid` whose `attributes` contain `term`, looked up now through Strapi's query engine
   * (same `$containsi`, inside the caller's transaction if any; on SQLite answered by the FTS5
   * match, which is that `$containsi`): a short id list lets the link-table lookup use its index. null when more than
   * {@link maxRelatedIds} match, and, in `'collect'` mode, for a lookup not yet answered (recorded in {@link pending}).
   */
  private relatedIds(uid: UID.ContentType, attributes: string[], columns: string[], term: string): Promise<number[] | null> {
    // on SQLite the FTS5 match is that very $containsi (indexes.ts): no second check of the rows
    const where: Json = this.ftsIndexed(uid, columns)
      ? { id: { $in: this.ftsMatches(uid, columns, term) } }
      : { $or: attributes.map((a) => ({ [a]: { $containsi: term } })) };
    return this.lookUpIds(`${uid}\u0000${attributes.join(',')}\u0000${term}`, uid, where) ?? Promise.resolve(null);
  }

  /**
   * The ids of `uid` matching the Strapi `where` (query engine, caller's transaction); null when more than
   * {@link maxRelatedIds}. In `'collect'` mode, for a lookup not yet answered, `{select}`: the select of those
   * ids (Strapi's query builder), not run (a knex builder is a thenable: an async function returning it would run it).
   */
  async idsWhere(uid: UID.ContentType, where: Json): Promise<number[] | { select: Knex.QueryBuilder } | null> {
    const ids = this.lookUpIds(`${uid}\u0000where\u0000${JSON.stringify(where)}`, uid, where);
    return ids !== undefined
      ? await ids
      : { select: this.strapi.db.entityManager.createQueryBuilder(uid).select('id').where(where).getKnexQuery() as Knex.QueryBuilder };
  }

  /**
   * The memoised lookup `key` (the ids of `uid` matching `where`, at most maxRelatedIds(), else null); runs it
   * when not memoised, or, in `'collect'` mode, records it in {@link pending} and answers undefined.
   */
  private lookUpIds(key: string, uid: UID.ContentType, where: Json): Promise<number[] | null> | undefined {
    const memo = this.lookups;
    let ids = memo.get(key);
    if (ids !== undefined) return ids;
    if (this.lookUp === 'collect') {
      const builder = this.strapi.db.entityManager.createQueryBuilder(uid).init({ select: ['id'], where, limit: maxRelatedIds() + 1 });
      const root = (builder as unknown as { alias: string }).alias;
      const select = (builder.getKnexQuery() as Knex.QueryBuilder).select(this.strapi.db.connection.raw('??.?? AS "__lookup_id"', [root, 'id']));
      this.pending.push({ key, select });
      return undefined;
    }
    ids = this.strapi.db
      .query(uid)
      .findMany({ where, select: ['id'], limit: maxRelatedIds() + 1 })
      .then((rows: { id: number }[]) => (rows.length > maxRelatedIds() ? null : rows.map((r) => r.id)));
    memo.set(key, ids);
    ids.catch(() => memo.delete(key));
    return ids;
  }

  /**
   * `SELECT id FROM <uid's table>` where any of `columns` contains `term` (case-insensitive); on
   * SQLite, the indexed columns are answered by the FTS5 table alone (same rows as the LIKE).
   */
  private matching(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder {
    return unionAll(this.matchingParts(uid, columns, term));
  }

  /** {@link matching}'s selects, one per index path (not yet joined by UNION ALL). */
  private matchingParts(uid: UID.ContentType, columns: string[], term: string): Knex.QueryBuilder[] {
    const { tableName } = modelMeta(this.strapi, uid)!;
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
   * The search box's id set: the UNION ALL of every part's matching ids of `uid` (own rows, or
   * link-table owners; duplicates are harmless under IN), with copies of its parts for the page path;
   * null when no part can match. Looks up related ids first (relatedIds). Throws what the database throws.
   */
  async union(uid: UID.ContentType, parts: Part[]): Promise<IdSet | null> {
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
      } else if (p.kind === 'ids' && (!Array.isArray(p.ids) || p.ids.length)) selects.push(this.owners(p.relation, p.ids));
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
    const copies = selects.map((select) => select.clone());
    const partLinks = selects.map((select) => this.links.get(select));
    // a union of one owners select is that select: its link table answers "within" by EXISTS
    const link = selects.length === 1 ? partLinks[0] : undefined;
    return { query: unionAll(selects), link, parts: copies, partLinks };
  }
}
