import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { SEARCH_REWRITTEN } from './config';
import { dialectOf } from './indexes';
import { countDistinctQuery, idSets, isSearch, pageIdsQuery, pageWindow, plainCount, type IdSet } from './id-sets';
import { neutralizeImpossibleNumbers } from './list-filters';
import { rewriteSearch } from './rewrite';
import { requestLookups, runLookups } from './subqueries';
import { pageWindowOf, paginationOf, type Page } from '../find-page';
import { assertQueryWidth } from '../query-width';
import { semiJoinFilters } from '../semi-joins';
import { readableRelation, readRows, type RelationRead } from '../rows-with-relations';
import { andFilters, type Scope } from '../scope';
import { judgedInStatement, seedVerdicts, verdictMark } from '../user-exposure';
import { isObject, type Json } from '../types';

const USER = 'plugin::users-permissions.user';
/** Keys of a sanitised list query this path answers; any other (fields, locale, …) keeps the Document Service path. */
const KEYS = new Set(['filters', 'sort', 'populate', 'pagination', 'status']);

/**
 * Whether a search may take this path: yes unless SEARCH_ONE_TRIP=false (read per call; the differential
 * test compares both paths in one process) or the search rewrite is off (SEARCH_INDEXES=false).
 */
export const oneTripEnabled = () => process.env.SEARCH_ONE_TRIP !== 'false' && process.env.SEARCH_INDEXES !== 'false';

/**
 * A scoped list page of the search boxes' content-types (config.ts SEARCH_REWRITTEN) on PostgreSQL in two
 * statements (docs/architecture.md "Free-text search", its one-trip bullet): the related-id lookups the search
 * needs, all in one (subqueries.ts runLookups; none when the request's earlier reads answered them), then the
 * page's ids, the total and the page's rows with the relations the list populates (and, for a party, its user
 * verdicts) in one more (rows-with-relations.ts readRows). The answer is the one findPage gives (the same
 * `where`, order and window, compiled by Strapi's query engine; rows hydrated by Strapi).
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
  // the related-id lookups the search needs, all in ONE statement; then the rewrite again, from their answers
  const memo = requestLookups(strapi) ?? new Map();
  const collected = await rewriteSearch(strapi, uid, filters, 'collect', memo);
  if (![...collected.written.sets.values()].some(isSearch)) return null;
  await runLookups(strapi, collected.pending, memo);
  const { filters: searched, written } = await rewriteSearch(strapi, uid, filters, true, memo);
  const rewritten = semiJoinFilters(strapi, uid, searched);

  const sets = idSets(rewritten, written);
  const { count, page } = pageStatements(strapi, uid, rewritten, params.sort, window, sets?.some(isSearch) ? sets : null);
  // a party's user verdicts are read beside its users (user-exposure.ts verdictMark): the output sanitizer reads nothing more
  const mark = judgedInStatement(scope) ? verdictMark(strapi, scope) : undefined;
  const reads: RelationRead[] = relations.map((name) =>
    mark !== undefined && (strapi.db.metadata.get(uid).attributes[name] as { target?: string } | undefined)?.target === USER ? { name, mark } : { name },
  );
  const { rows, marks, total } = await readRows(strapi, uid, { page, count }, reads);
  if (mark !== undefined) {
    const seen = new Map<number, unknown>();
    for (const byId of marks.values()) for (const [id, value] of byId) seen.set(id, value);
    seedVerdicts(strapi, scope, seen, filter ? rows.map((row) => `${uid}:${row.id}`) : []);
  }
  return { results: rows, pagination: paginationOf(window, total) };
}

/**
 * The page's two selects, not run: `page`, the page's ids as `__page_id` in the page's order (readRows reads
 * the rows in the same statement), and `count`, the total (null when the window is not counted). When the
 * filters are nothing but id sets with a search among them (`sets`, id-sets.ts idSets), the count and an
 * id-ordered page are read from the sets alone, as the Document Service path reads them (countDistinctQuery,
 * pageIdsQuery): Strapi's count semi-joins the table with the search's union and was ~5× slower at 10
 * clients. Otherwise both are built by Strapi's query builder from the `where` and `orderBy` Strapi's
 * query-params service makes of `filters` and `sort` (the Document Service's own transform), the page with
 * its limit, offset and the `id` tie-break Strapi appends.
 */
function pageStatements(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  filters: unknown,
  sort: unknown,
  window: { start: number; limit: number; counted: boolean },
  sets: IdSet[] | null,
): { count: Knex.QueryBuilder | null; page: Knex.QueryBuilder } {
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
  const count = !window.counted ? null : sets ? countDistinctQuery(strapi, sets) : (builder().init({ where }).count().getKnexQuery() as Knex.QueryBuilder);
  return { count, page };
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
