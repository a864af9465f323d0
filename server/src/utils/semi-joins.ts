import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { isObject, type Json } from './types';

/**
 * Conditions across relations as semi-joins (docs/architecture.md "Guards on routes, ids in writes, query limits").
 *
 * Strapi's query engine LEFT JOINs the link table and the target for EVERY condition that crosses a relation (a new
 * alias each time, @strapi/database query/helpers/where.js and join.js), then reads `SELECT DISTINCT` of the root. A
 * to-many crossing multiplies the rows, and with many crossings PostgreSQL estimated one row at each join and planned
 * nested loops over whole tables: 16 conditions through an order's customer, dispatcher, items, documents and
 * payments ran for more than five minutes (the PostgreSQL fuzz run, seed 1011405197).
 *
 * Here, before Strapi reads the filters, a condition `{rel: V}` becomes
 * `{id: {$in: SELECT owner FROM <link> WHERE target IN (SELECT id FROM <target> WHERE V)}}`: the rows with at least
 * one related row meeting V, which is what the join selected, because
 * - each crossing had its own alias, so two conditions on one relation were already two independent "some row meets";
 * - the rewrite stays out of `$not` and only takes a V that no row of NULLs meets ({@link rejectsNull}): for a root row
 *   with no related row, the LEFT JOIN's row of NULLs met V (`$null: true`, `$eq: null`, `$notIn: []`, an empty
 *   list, …) and selected it, while `id IN (…)` does not; outside `$not` (under `$and` and `$or` only) a NULL and a
 *   false select the same rows.
 * V itself is rewritten the same way on the target first, so nested crossings are subqueries too. The statement has no
 * join left for the filters, so no DISTINCT either. `tests/semi-joins.test.ts` compares both on random filters.
 * SEMI_JOINS=false in the environment (read per call) leaves every filter to Strapi's joins (the differential test's
 * other side; an escape hatch).
 */

/** The relation kinds rewritten: every one Strapi reads through a link table (morph relations keep Strapi's join). */
const SEMI_JOINED = new Set(['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany']);

/**
 * Operators whose SQL is not true on a column of NULL whatever their value (where.js applyOperator: comparisons,
 * `<>` or IS NOT NULL for `$ne`/`$nei`, LIKE and NOT LIKE, BETWEEN).
 */
const NULL_IS_NOT_TRUE = new Set([
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$between',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
]);

/** Operators where.js hands a list as it is; for the others it ORs the list's members. */
const LIST_OPERATORS = new Set(['$in', '$notIn', '$between']);

/** Attribute types whose conditions this module does not judge (dropped by Strapi, or not a plain column). */
const UNFILTERED = new Set(['password', 'component', 'dynamiczone', 'media']);

/** What this module reads of Strapi's database metadata for one attribute. */
interface RelationMeta {
  type: string;
  relation?: string;
  target?: string;
  joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string }; on?: Record<string, unknown> };
}

const attributeOf = (strapi: Core.Strapi, uid: string, key: string): RelationMeta | undefined =>
  (strapi.db.metadata.get(uid)?.attributes as Record<string, RelationMeta> | undefined)?.[key];

/** The members of a `$and`/`$or` value: an array, or the object keyed by index qs makes of a long list. */
const members = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : null);

/** True when a value compared with `$eq` is never met by NULL: not null, and every member of a list not null. */
const nonNull = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 && value.every(nonNull) : value !== null && value !== undefined);

/**
 * A `$null`/`$notNull` value as Strapi reads it after this middleware: @strapi/utils convert-query-params casts it
 * with parse-type's boolean (`'true'`, `'t'`, `'1'`, `1` true; `'false'`, `'f'`, `'0'`, `0` false; else truthiness).
 */
const asBoolean = (value: unknown): boolean => (typeof value === 'boolean' ? value : TRUTHY.has(value) ? true : FALSY.has(value) ? false : Boolean(value));
const TRUTHY = new Set<unknown>(['true', 't', '1', 1]);
const FALSY = new Set<unknown>(['false', 'f', '0', 0]);

/** True when the attribute-level operator `op` with `value` is never met by a column of NULL (where.js applyOperator). */
function operatorRejects(op: string, value: unknown): boolean {
  // a list ORs its members (an empty one is no condition at all, true for every row)
  if (Array.isArray(value) && !LIST_OPERATORS.has(op)) return value.length > 0 && value.every((member) => operatorRejects(op, member));
  if (NULL_IS_NOT_TRUE.has(op)) return true;
  if (op === '$in') return true; // `IN ()` is false, `IN (NULL, …)` not true on NULL
  if (op === '$notIn') return Array.isArray(value) ? value.length > 0 : value !== undefined && !isObject(value); // `NOT IN ()`, `NOT IN (<empty subquery>)` are true
  if (op === '$eq' || op === '$eqi') return value !== null && value !== undefined;
  // where.js: `$null: true` is IS NULL, `$notNull: true` IS NOT NULL, false the other way round
  if (op === '$null') return !asBoolean(value);
  if (op === '$notNull') return asBoolean(value);
  return false;
}

/** True when the condition `value` on one scalar column (a value, a list, or `{op: v, …}`) is never met by NULL. */
function scalarRejects(value: unknown): boolean {
  if (!isObject(value)) return nonNull(value);
  return Object.entries(value).some(([op, v]) => operatorRejects(op, v));
}

/**
 * True when no row of NULLs (the LEFT JOIN's row for a root row with no related row) meets the relation-level
 * condition `value` on `uid`: some member of an `$and` or key of an object rejects, every member of an `$or` does,
 * `$not` never counts, a relation key rejects as its own condition does. Unknown keys count as not rejecting.
 */
export function rejectsNull(strapi: Core.Strapi, uid: string, value: unknown, depth = 0): boolean {
  if (depth > 12) return false;
  if (!isObject(value)) return nonNull(value); // `{rel: 5}`, `{rel: [5, 6]}`: the target's id
  return Object.entries(value).some(([key, v]) => {
    if (key === '$and') return (members(v) ?? []).some((m) => rejectsNull(strapi, uid, m, depth + 1));
    if (key === '$or') {
      const list = members(v);
      return !!list && list.length > 0 && list.every((m) => rejectsNull(strapi, uid, m, depth + 1));
    }
    if (key === '$not') return false;
    if (key.startsWith('$')) return operatorRejects(key, v); // `{rel: {$in: [5, 6]}}`: on the target's id
    if (key === 'id' || key === 'documentId') return scalarRejects(v);
    // what Strapi's filter conversion keeps: the content-type's own attributes, never a password (dropped, like unknown keys)
    const attribute = (strapi.getModel(uid as UID.Schema)?.attributes as Record<string, RelationMeta> | undefined)?.[key];
    if (!attribute || UNFILTERED.has(attribute.type)) return false;
    if (attribute.type === 'relation') return !!attribute.target && rejectsNull(strapi, attribute.target, v, depth + 1);
    return scalarRejects(v);
  });
}

/** `SELECT <owner> FROM <link> WHERE <target> IN (SELECT id FROM <target> WHERE V)`, V already rewritten; not run. */
function ownersWhere(strapi: Core.Strapi, attribute: RelationMeta, where: unknown): Knex.QueryBuilder {
  const target = attribute.target as UID.Schema;
  const link = attribute.joinTable!;
  const { where: targetWhere } = strapi.get('query-params').transform(target, { filters: where }) as { where?: unknown };
  const targets = strapi.db.entityManager
    .createQueryBuilder(target)
    .init({ select: ['id'], where: targetWhere })
    .getKnexQuery() as Knex.QueryBuilder;
  const owners = (strapi.db.getConnection(link.name) as unknown as Knex.QueryBuilder)
    .select(link.joinColumn.name)
    .whereIn(link.inverseJoinColumn.name, targets);
  for (const [column, value] of Object.entries(link.on ?? {})) owners.where(column, value as Knex.Value);
  return owners;
}

/**
 * A relation's condition as a filter on its target, read as where.js `processRelationWhere` reads it: attribute keys
 * and `$and`/`$or` as they are, one other operator alone as a condition on the target's id (`{$in: [5, 6]}` →
 * `{id: {$in: [5, 6]}}`); null for what Strapi reads its own way or refuses (`$not` alone, operators beside attribute
 * keys, several operators), which keeps Strapi's join.
 */
function targetCondition(value: Json): Json | null {
  const keys = Object.keys(value);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (!operators.length) return value;
  if (keys.length !== 1 || operators[0] === '$not') return null;
  return operators[0] === '$and' || operators[0] === '$or' ? value : { id: { [operators[0]]: value[operators[0]] } };
}

/** `node` (a filter of `uid` outside `$not`) with its relation crossings as `{id: {$in: …}}` (see the module comment). */
function rewrite(strapi: Core.Strapi, uid: string, node: unknown, depth: number): unknown {
  if (depth > 12 || !isObject(node)) return node;
  const out: Json = {};
  const semiJoins: Json[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      const rewritten = (m: unknown) => rewrite(strapi, uid, m, depth + 1);
      out[key] = Array.isArray(value)
        ? value.map(rewritten)
        : isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([k, m]) => [k, rewritten(m)]))
          : value;
      continue;
    }
    const attribute = key.startsWith('$') ? undefined : attributeOf(strapi, uid, key);
    if (attribute?.type !== 'relation' || !attribute.target || !isObject(value)) {
      out[key] = value;
      continue;
    }
    const condition = targetCondition(value);
    if (!condition) {
      out[key] = value;
      continue;
    }
    const inner = rewrite(strapi, attribute.target, condition, depth + 1);
    if (SEMI_JOINED.has(attribute.relation ?? '') && attribute.joinTable && rejectsNull(strapi, attribute.target, condition)) {
      semiJoins.push({ id: { $in: ownersWhere(strapi, attribute, inner) } });
    } else out[key] = inner;
  }
  if (!semiJoins.length) return out;
  // one `$and` key alone: Strapi refuses operator and attribute keys side by side in a relation's condition
  return { $and: Object.keys(out).length ? [out, ...semiJoins] : semiJoins };
}

/** The filters of `uid` with every relation crossing outside `$not` that no row of NULLs meets as a semi-join; `filters` itself is not changed. */
export function semiJoinFilters(strapi: Core.Strapi, uid: string, filters: unknown): unknown {
  if (process.env.SEMI_JOINS === 'false') return filters;
  return rewrite(strapi, uid, filters, 0);
}

/**
 * Registers the rewrite as a Document Service middleware on findMany, findFirst, findOne (whose filters apply too) and
 * count of every content-type (src/index.ts, after the search's rewrite, which then sees the filters as sent).
 */
export function registerSemiJoins(strapi: Core.Strapi): void {
  const reads = new Set(['findMany', 'findFirst', 'findOne', 'count']);
  strapi.documents.use(async (context, next) => {
    const params = context.params as Json | undefined;
    if (reads.has(context.action) && params && isObject(params.filters)) {
      (context as { params: unknown }).params = { ...params, filters: semiJoinFilters(strapi, context.uid, params.filters) };
    }
    return next();
  });
}
