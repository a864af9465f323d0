import type { Core, UID } from '@strapi/strapi';
import { SEARCH_REWRITTEN } from './config';
import { dialectOf } from './indexes';
import { classify, type Part } from './branches';
import { correlateScopes, countDistinct, idSets, isSearch, pageIds, pageWindow, plainCount, type Written } from './id-sets';
import { SubqueryBuilder, type PendingLookup, type RelatedIdLookups } from './subqueries';
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
 * data scope of utils/scope.ts) becomes `{id: {$in: <the link table's owners of n>}}` (SubqueryBuilder.ownersOf):
 * Strapi would join two tables for it and SELECT DISTINCT every wide row.
 * Every predicate is the one Strapi would have run, so the rows, order and totals are the same; only
 * the access path changes. A relation branch `{rel: {$and: [{field: {$containsi: term}}, …]}}` (what
 * utils/user-filters.ts makes of a party caller's user-name branch) is folded too: its targets are
 * looked up first with that very filter. Terms shorter than config.ts MIN_INDEXED_TERM characters, other
 * operators and branches of any other shape are left to Strapi untouched. Reads only the (small)
 * related tables itself; throws what the database throws.
 */
export async function rewriteFreeText(strapi: Core.Strapi, uid: UID.ContentType, filters: unknown): Promise<unknown> {
  return (await rewriteSearch(strapi, uid, filters)).filters;
}

/**
 * {@link rewriteFreeText} with what it wrote: the rewritten `filters` and the id sets written into
 * them (id-sets.ts `Written`), which the count and page shortcuts of the middleware read.
 * `lookUp` `'collect'`: no statement runs, and `pending` lists the related-id lookups the rewrite needs
 * that `memo` does not answer yet (SubqueryBuilder; one-trip.ts runs them as one statement, then rewrites
 * again from `memo`). `memo`: the lookups' answers (default: the request's).
 */
export async function rewriteSearch(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  filters: unknown,
  lookUp: true | 'collect' = true,
  memo?: RelatedIdLookups,
): Promise<{ filters: unknown; written: Written; pending: PendingLookup[] }> {
  const run: Run = { strapi, uid, build: new SubqueryBuilder(strapi, lookUp, memo), written: { sets: new Map(), scopes: [] } };
  return { filters: await walk(run, filters, 0), written: run.written, pending: run.build.pending };
}

/**
 * Registers the rewrite as a Document Service middleware (Strapi's extension point for document
 * queries) on findMany/findFirst/count of the content-types in config.ts `SEARCH_REWRITTEN`, so the
 * REST list, its count and any other caller of the Document Service get it. SEARCH_INDEXES=false
 * in the environment turns it off (Strapi's plain path; for comparisons and as an escape hatch).
 * When the filters are nothing but id sets with a search among them (id-sets.ts), a count is read
 * from the sets alone (countDistinct) and a page ordered by id gets its ids first (pageIds).
 */
export function registerFreeTextSearch(strapi: Core.Strapi): void {
  if (process.env.SEARCH_INDEXES === 'false') return;
  const actions = new Set(['findMany', 'findFirst', 'count']);
  strapi.documents.use(async (ctx, next) => {
    if (actions.has(ctx.action) && SEARCH_REWRITTEN.includes(ctx.uid)) {
      const params = ctx.params as Json | undefined;
      if (params && isObject(params.filters)) {
        const { filters, written } = await rewriteSearch(strapi, ctx.uid, params.filters);
        const sets = ctx.action !== 'findFirst' && plainCount(strapi, ctx.uid, params) ? idSets(filters, written) : null;
        const searched = !!sets?.length && sets.some(isSearch);
        if (searched && ctx.action === 'count') return countDistinct(strapi, sets!);
        const page = searched && ctx.action === 'findMany' ? pageWindow(params) : null;
        if (page) {
          // the page's ids first, from the id sets alone; then Strapi reads those rows (same order, same populate)
          const ids = await pageIds(strapi, sets!, page);
          (ctx as { params: unknown }).params = { ...params, filters: { id: { $in: ids } }, start: 0, limit: page.limit };
          return next();
        }
        if (dialectOf(strapi) === 'sqlite' && !(ctx.action === 'count' && sets?.length)) correlateScopes(written);
        (ctx as { params: unknown }).params = { ...params, filters };
      }
    }
    return next();
  });
}

/** One rewrite of a filter on `uid`: its subquery builder and what it wrote so far (its state, passed along the walk). */
interface Run {
  strapi: Core.Strapi;
  uid: UID.ContentType;
  build: SubqueryBuilder;
  written: Written;
}

/**
 * Operators the rewrite descends into. Never `$not`: under NOT, Strapi's `LIKE` on a NULL column (or on
 * a missing relation row) is NULL and keeps the row out, while `id IN (…)` is false and NOT brings it
 * in; outside NOT, NULL and false select the same rows.
 */
const LOGICAL = new Set(['$and']);

/** A condition no row meets (ids are never null): the folded branches matched nothing. */
const NEVER = { id: { $null: true } };

/** `node` with its `$or`s rewritten (rewriteOr) and its to-one relation ids as owners' id sets, recorded in `run.written`. */
async function walk(run: Run, node: unknown, depth: number): Promise<unknown> {
  if (depth > 12 || !node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return Promise.all(node.map((n) => walk(run, n, depth + 1)));
  if (!isObject(node)) return node;
  const out: Json = {};
  const linked: Json[] = [];
  for (const [key, value] of Object.entries(node)) {
    const owners = key.startsWith('$') ? null : run.build.ownersOf(run.uid, key, value);
    if (owners !== null) {
      const cond = { $in: owners.query };
      run.written.sets.set(cond, owners);
      run.written.scopes.push(cond);
      linked.push({ id: cond });
    } else if (key === '$or' && Array.isArray(value)) out[key] = await rewriteOr(run, value, depth + 1);
    else if (LOGICAL.has(key)) out[key] = await walk(run, value, depth + 1);
    else out[key] = value;
  }
  if (linked.length) {
    const and = out.$and;
    out.$and = [...(Array.isArray(and) ? and : and === undefined ? [] : [and]), ...linked];
  }
  return out;
}

/** The `$or` branches with the foldable ones replaced by one `{id: {$in: subquery}}` (see rewriteFreeText). */
async function rewriteOr(run: Run, branches: unknown[], depth: number): Promise<unknown[]> {
  const parts: Part[] = [];
  const kept: unknown[] = [];
  let textual = false;
  for (const branch of branches) {
    const part = classify(run.strapi, run.uid, branch);
    if (!part) {
      kept.push(await walk(run, branch, depth + 1));
    } else if (part.kind === 'relWhere') {
      // a text condition ANDed with more on a relation (utils/user-filters.ts, for a party caller):
      // the matching targets are looked up first, then read through the link table like the rest
      const ids = await run.build.idsWhere(part.targetUid, part.where);
      if (ids === null) kept.push(await walk(run, branch, depth + 1));
      else {
        parts.push({ kind: 'ids', relation: part.relation, ids: Array.isArray(ids) ? ids : ids.select });
        textual = true;
      }
    } else if (part.kind !== 'never') {
      parts.push(part);
      textual ||= part.kind === 'own' || part.kind === 'rel';
    }
  }
  // only worth it when at least one text branch takes the index path
  if (!textual) return Promise.all(branches.map((branch) => walk(run, branch, depth + 1)));
  const union = await run.build.union(run.uid, parts);
  if (!union) return [NEVER, ...kept];
  const cond = { $in: union.query };
  run.written.sets.set(cond, union);
  return [{ id: cond }, ...kept];
}
