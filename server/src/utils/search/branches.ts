import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { MAX_INDEXED_TERM, MIN_INDEXED_TERM } from './config';
import { modelMeta, TEXT_TYPES, type AttributeMeta } from './indexes';
import { isObject, type Json } from '../types';

/**
 * What the search rewrite (rewrite.ts) makes of one branch of an `$or`: which branches it folds into
 * the indexed id subquery, and how. Pure reading of the filters and of Strapi's metadata.
 */

/** One foldable branch of an `$or`: own text column, text column of a relation, or relation ids. */
export type Part =
  | { kind: 'never' }
  | { kind: 'own'; term: string; column: string }
  | { kind: 'rel'; term: string; relation: AttributeMeta; targetUid: UID.ContentType; attribute: string; column: string }
  | { kind: 'ids'; relation: AttributeMeta; ids: number[] | Knex.QueryBuilder }
  | { kind: 'eq'; branch: Json }
  | { kind: 'relWhere'; relation: AttributeMeta; targetUid: UID.ContentType; where: Json };

/**
 * Scalar attribute types whose `{field: {$eq: value}}` branch joins the subquery (beside the text
 * branches): the numbers, amounts, ids and statuses the search boxes compare exactly. Each has a
 * B-tree index (schema.json `indexes`, or the primary key), so "ids where field = value" is an index
 * lookup; left in the `$or` beside `id IN (…)`, one such branch made the database test every row.
 */
const EQ_TYPES = new Set(['increments', 'integer', 'biginteger', 'decimal', 'float', 'enumeration', 'string', 'uid']);

/**
 * The relation when `attribute` is a to-one link-table relation to a content-type without draft &
 * publish (the relations whose owners the link table's (target, owner) index answers); else null.
 */
export function toOneRelation(strapi: Core.Strapi, attribute: AttributeMeta): AttributeMeta | null {
  if (attribute.type !== 'relation' || !/^(manyToOne|oneToOne)$/.test(attribute.relation ?? '')) return null;
  const jt = attribute.joinTable;
  if (!jt || jt.on || !attribute.target) return null;
  const target = strapi.contentTypes[attribute.target];
  if (!target || target.options?.draftAndPublish) return null;
  return attribute;
}

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
export function idList(cond: unknown): number[] | null {
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
 * `{$null: true, $notNull: true}`: the condition utils/search/list-filters.ts writes for a branch that
 * can never match (a relation name nothing matches, a number out of a column's range). False on every
 * row, so inside an `$or` it is dropped (OR false = the rest) — left in, its join kept every search
 * on the scan path.
 */
function isNever(cond: unknown): boolean {
  return isObject(cond) && Object.keys(cond).length === 2 && cond.$null === true && cond.$notNull === true;
}

/**
 * One `$or` branch of a filter on `uid` as a {@link Part}, or null when it has another shape (then
 * the rewrite leaves it to Strapi): a never-matching condition; `{column: {$containsi: term}}` on an
 * own text column; `{field: {$eq: scalar}}` on an own exact column (EQ_TYPES); on a to-one relation
 * ({@link toOneRelation}) `{rel: {text: {$containsi: term}}}`, `{rel: {id: {$eq|$in}}}`, or
 * `{rel: {$and: [...]}}` with at least one text conjunct (utils/user-filters.ts's wrapped branch).
 */
export function classify(strapi: Core.Strapi, uid: UID.ContentType, branch: unknown): Part | null {
  if (!isObject(branch)) return null;
  const keys = Object.keys(branch);
  if (keys.length !== 1) return null;
  const only = branch[keys[0]];
  if (isNever(only) || (isObject(only) && Object.keys(only).length === 1 && isNever(only.id))) return { kind: 'never' };
  const meta = modelMeta(strapi, uid);
  const attribute = meta?.attributes[keys[0]];
  if (!attribute) return null;
  const value = branch[keys[0]];
  if (EQ_TYPES.has(attribute.type) && isScalarEq(value)) return { kind: 'eq', branch };
  if (TEXT_TYPES.has(attribute.type) && attribute.columnName) {
    const term = termOf(value);
    return term === null ? null : { kind: 'own', term, column: attribute.columnName };
  }
  const relation = toOneRelation(strapi, attribute);
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
      const a = modelMeta(strapi, targetUid)?.attributes[field];
      return !!a && TEXT_TYPES.has(a.type) && termOf(c[field]) !== null;
    };
    return Array.isArray(all) && all.some(textConjunct) ? { kind: 'relWhere', relation, targetUid, where: value } : null;
  }
  if (inner[0] === 'id') {
    const ids = idList(value.id);
    return ids ? { kind: 'ids', relation, ids } : null;
  }
  const targetAttribute = modelMeta(strapi, targetUid)?.attributes[inner[0]];
  if (!targetAttribute || !TEXT_TYPES.has(targetAttribute.type) || !targetAttribute.columnName) return null;
  const term = termOf(value[inner[0]]);
  return term === null ? null : { kind: 'rel', term, relation, targetUid, attribute: inner[0], column: targetAttribute.columnName };
}
