import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { SEARCH_REWRITTEN } from './config';
import { dialectOf } from './indexes';
import { countDistinctQuery, idSets, isSearch, pageIdsQuery, pageWindow, plainCount, type IdSet } from './id-sets';
import { neutralizeImpossibleNumbers } from './list-filters';
import { rewriteSearch } from './rewrite';
import { pageWindowOf, paginationOf, type Page } from '../find-page';
import { assertQueryWidth } from '../query-width';
import { readableRelation, readRows, type RelationRead } from '../rows-with-relations';
import { andFilters, scopeFilter, type Scope } from '../scope';
import { judgedInStatement, seedVerdicts } from '../user-exposure';
import { isObject, type Json } from '../types';

const USER = 'plugin::users-permissions.user';
/** Keys of a sanitised list query this path answers; any other (fields, locale, …) keeps the Document Service path. */
const KEYS = new Set(['filters', 'sort', 'populate', 'pagination', 'status']);

/**
 * Whether a search may take this path: only with SEARCH_ONE_TRIP=true (read per call; the
 * differential test compares both paths in one process), and never with the search rewrite off
 * (SEARCH_INDEXES=false). Off by default: on the large seed its one statement costs what the Document
 * Service path's statements cost together, but the requests are not faster (docs/performance.md "Search").
 */
export const oneTripEnabled = () => process.env.SEARCH_ONE_TRIP === 'true' && process.env.SEARCH_INDEXES !== 'false';

/**
 * A scoped list page of the search boxes' content-types (config.ts SEARCH_REWRITTEN) in two statements
 * on PostgreSQL (docs/architecture.md "Free-text search", its one-trip bullet): the page's ids with the total,
 * then the page's rows with the relations the list populates. The answer is the one findPage gives
 * (the same `where`, order and window, compiled by Strapi's query engine; rows hydrated by Strapi).
 * `query` is the sanitised list query, `scope` the caller's scope and `filter` its scopeFilter (null:
 * none). Answers null, having run no statement, when the request is not a search or has a shape this
 * path does not take (other database, fields, a sort or populate across relations, …): the caller then
 * takes findPage. Throws what findPage throws for bad pagination and the query-width limit (400).
 */
export async function findSearchPage(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  query: Json,
  scope: Scope,
  filter: Record<string, unknown> | null,
): Promise<Page | null> {
  if (!oneTripEnabled() || dialectOf(strapi) !== 'postgres' || !SEARCH_REWRITTEN.includes(uid)) return null;
  const params: Json = { status: 'published', ...query };
  if (Object.keys(params).some((key) => !KEYS.has(key)) || params.status !== 'published' || !plainCount(strapi, uid, params)) return null;
  const relations = populated(strapi, uid, params.populate);
  if (!relations || !ownSort(strapi, uid, params.sort)) return null;
  const window = pageWindowOf(strapi, params);
  const schema = strapi.contentType(uid);
  const filters = andFilters(
    neutralizeImpossibleNumbers(params.filters, schema, (u) => strapi.getModel(u)),
    filter,
  );
  assertQueryWidth({ ...params, filters }, schema, (u) => strapi.getModel(u));
  const { filters: rewritten, written } = await rewriteSearch(strapi, uid, filters, false);
  if (![...written.sets.values()].some(isSearch)) return null;

  const sets = idSets(rewritten, written);
  const { total, ids } = await pageOfIds(strapi, uid, rewritten, params.sort, window, sets?.some(isSearch) ? sets : null);
  const judged = judgedInStatement(scope);
  const users = judged ? usersInScope(strapi, scope) : null;
  const reads: RelationRead[] = relations.map((name) =>
    users !== null && (strapi.db.metadata.get(uid).attributes[name] as { target?: string } | undefined)?.target === USER ? { name, mark: users } : { name },
  );
  const { rows, marks } = await readRows(strapi, uid, ids, reads);
  if (judged) {
    const visible = new Map<number, boolean>();
    for (const seen of marks.values()) for (const [id, inScope] of seen) visible.set(id, inScope);
    seedVerdicts(strapi, scope, visible, filter ? rows.map((row) => `${uid}:${row.id}`) : []);
  }
  return { results: rows, pagination: paginationOf(window, total) };
}

/**
 * ONE statement: `SELECT (<count>) AS total, ARRAY(<page of ids>) AS ids`. When the filters are nothing but id
 * sets with a search among them (`sets`, id-sets.ts idSets), the count and an id-ordered page are read from the
 * sets alone, as the Document Service path reads them (countDistinctQuery, pageIdsQuery): Strapi's count
 * semi-joins the table with the search's union and was ~5× slower at 10 clients. Otherwise both are built by
 * Strapi's query builder from the `where` and `orderBy` Strapi's query-params service makes of `filters` and
 * `sort` (the Document Service's own transform), the page with its limit, offset and the `id` tie-break
 * Strapi appends. ARRAY keeps the page's order. total: undefined when not counted.
 */
async function pageOfIds(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  filters: unknown,
  sort: unknown,
  window: { start: number; limit: number; counted: boolean },
  sets: IdSet[] | null,
): Promise<{ total: number | undefined; ids: number[] }> {
  const knex = strapi.db.connection;
  const { where, orderBy } = strapi.get('query-params').transform(uid, { filters, sort }) as { where?: unknown; orderBy?: unknown };
  const builder = () => strapi.db.entityManager.createQueryBuilder(uid);
  const byId = sets ? pageWindow({ sort, start: window.start, limit: window.limit }) : null;
  let page: Knex.QueryBuilder;
  if (byId) page = pageIdsQuery(strapi, sets!, byId).select(knex.raw('?? AS "__page_id"', ['u.id']));
  else {
    const pageBuilder = builder().init({ select: ['id'], where, orderBy, limit: window.limit, offset: window.start });
    // under DISTINCT Strapi also selects the sort columns (`t0.id` twice when sorted by id): the page's id gets its own name
    const root = (pageBuilder as unknown as { alias: string }).alias;
    page = (pageBuilder.getKnexQuery() as Knex.QueryBuilder).select(knex.raw('??.?? AS "__page_id"', [root, 'id']));
  }
  const count = !window.counted
    ? knex.raw('NULL')
    : sets
      ? countDistinctQuery(strapi, sets)
      : (builder().init({ where }).count().getKnexQuery() as Knex.QueryBuilder);
  const answer = await knex.raw('SELECT (?) AS "total", ARRAY(SELECT "p"."__page_id" FROM ? AS "p") AS "ids"', [count, page]);
  const row = (answer as { rows: { total: string | number | null; ids: number[] }[] }).rows[0];
  return { total: row.total === null ? undefined : Number(row.total), ids: row.ids.map(Number) };
}

/** The users `scope` may see as a select of ids (Strapi's query builder over scopeFilter(USER)), for the verdicts read beside the rows. */
function usersInScope(strapi: Core.Strapi, scope: Scope): Knex.QueryBuilder {
  return strapi.db.entityManager
    .createQueryBuilder(USER)
    .init({ select: ['id'], where: scopeFilter(USER, scope, 'read') })
    .getKnexQuery() as Knex.QueryBuilder;
}

/**
 * The relations a sanitised `populate` names, in its order, when every one is a plain relation
 * readRows reads and nothing deeper is asked (`rel: true` or `{}`); null for any other populate
 * (media, components, nested populate or fields, `*` left unexpanded).
 */
function populated(strapi: Core.Strapi, uid: UID.ContentType, populate: unknown): string[] | null {
  let names: string[];
  if (populate === undefined || populate === null) names = [];
  else if (typeof populate === 'string') names = populate.split(',');
  else if (Array.isArray(populate) && populate.every((p) => typeof p === 'string')) names = populate as string[];
  else if (isObject(populate) && Object.values(populate).every((v) => v === true || (isObject(v) && Object.keys(v).length === 0)))
    names = Object.keys(populate);
  else return null;
  return names.every((name) => readableRelation(strapi, uid, name)) ? names : null;
}

/** True when `sort` (sanitised: a string or list of `field[:dir]`, or `{field: dir}` objects) orders by own scalar attributes only. */
function ownSort(strapi: Core.Strapi, uid: UID.ContentType, sort: unknown): boolean {
  if (sort === undefined) return true;
  const entries = Array.isArray(sort) ? sort : [sort];
  const fields: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') fields.push(...entry.split(',').map((part) => part.split(':')[0].trim()));
    else if (isObject(entry) && Object.values(entry).every((dir) => typeof dir === 'string')) fields.push(...Object.keys(entry));
    else return false;
  }
  const attributes = strapi.contentType(uid).attributes as Record<string, { type: string }>;
  return fields.every(
    (field) => field === 'id' || (attributes[field] !== undefined && !['relation', 'component', 'dynamiczone', 'media'].includes(attributes[field].type)),
  );
}
