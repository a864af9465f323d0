import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, isAdminUser, NOTHING, type Scope } from './scope';
import { PUBLIC_FIELDS } from './user-exposure';
import { requestState, type Json, type SchemaView } from './types';

/** Reads a schema by uid (`strapi.getModel`). */
type GetModel = (uid: UID.Schema) => SchemaView;

const USER = 'plugin::users-permissions.user';
const LOGICAL = new Set(['$and', '$or', '$not']);
const PUBLIC = new Set(PUBLIC_FIELDS);

/**
 * Users every field of which the caller may filter and sort on (issue 8 item 7, the query side;
 * docs/decisions.md "Security: users in filters"): itself and its own people — a dealership's
 * salesmen; a salesman's dealership account and colleagues. The same set user-exposure.ts shows
 * with contact fields. Anyone without a session: nobody.
 */
export function knownUsersFilter(scope: Scope | null): Record<string, unknown> {
  if (!scope) return NOTHING;
  const me = { id: { $eq: scope.userId } };
  if (scope.kind === 'company') return { $or: [me, { company_id: { user_id: { id: { $eq: scope.userId } } } }] };
  if (scope.kind === 'salesman' && scope.partyUserId) {
    const party = { id: { $eq: scope.partyUserId } };
    return { $or: [me, party, { company_id: { user_id: party } }] };
  }
  return me;
}

/** true when a filter object at a user level names a field other than the public ones (id, documentId, name, type). */
function touchesHidden(filter: unknown, depth = 0): boolean {
  if (!filter || typeof filter !== 'object' || depth > 20) return false;
  if (Array.isArray(filter)) return filter.some((f) => touchesHidden(f, depth + 1));
  return Object.entries(filter).some(([key, value]) => (LOGICAL.has(key) ? touchesHidden(value, depth + 1) : !PUBLIC.has(key)));
}

/**
 * Rewrites a (sanitised) `filters` tree of content-type `schema` so that every condition on a
 * user's non-public field (username = CPF/CNPJ, email, phone, company, …), at the root of a users
 * query or under any relation to users at any depth, can only match the users of `known`:
 * `{user_id: {username: {$startsWith: '1'}}}` → `{user_id: {$and: [{username: …}, known]}}`.
 * Without it, filtering one's own orders on the seller's CPF digit by digit would read another
 * company's salesman's CPF, although the answer never shows it. Pure; throws nothing.
 */
export function restrictUserFilters(filters: unknown, schema: SchemaView, getModel: GetModel, known: Record<string, unknown>, depth = 0): unknown {
  if (!filters || typeof filters !== 'object' || depth > 20) return filters;
  if (Array.isArray(filters)) return filters.map((f) => restrictUserFilters(f, schema, getModel, known, depth + 1));
  const out: Json = {};
  for (const [key, value] of Object.entries(filters)) {
    const attribute = schema?.attributes?.[key];
    if (LOGICAL.has(key)) {
      out[key] = restrictUserFilters(value, schema, getModel, known, depth + 1);
    } else if (attribute?.type === 'relation' && value && typeof value === 'object') {
      const inner = restrictUserFilters(value, getModel(attribute.target), getModel, known, depth + 1);
      out[key] = attribute.target === USER && touchesHidden(value) ? { $and: [inner, known] } : inner;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Sort entries (`'a.b:asc'`, `['a:desc']`, `{a: {b: 'asc'}}`, lists of those) as field paths. */
function sortPaths(sort: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (sort == null || depth > 20) return [];
  if (typeof sort === 'string') return sort.split(',').map((s) => [...prefix, ...s.trim().split(':')[0].split('.')]);
  if (Array.isArray(sort)) return sort.flatMap((s) => sortPaths(s, prefix, depth + 1));
  if (typeof sort === 'object') {
    return Object.entries(sort).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? sortPaths(value, [...prefix, key], depth + 1) : [[...prefix, key]],
    );
  }
  return [];
}

/** Throws 400 when a sort path reaches a user's non-public field (the order of the rows would tell it). */
function assertSortPublic(sort: unknown, schema: SchemaView, getModel: GetModel): void {
  for (const path of sortPaths(sort)) {
    let model = schema;
    for (const field of path) {
      if (model?.uid === USER && !PUBLIC.has(field)) throw new errors.ValidationError('Ordenação inválida: campo não permitido.', { sort: path.join('.') });
      const attribute = model?.attributes?.[field];
      if (attribute?.type !== 'relation') break;
      model = getModel(attribute.target);
    }
  }
}

/** Applies the rules to a query of `schema`: root filters and sort, and every populate level's filters and sort. */
function restrictQuery<Q>(query: Q, schema: SchemaView, getModel: GetModel, known: Record<string, unknown>, depth = 0): Q {
  if (!query || typeof query !== 'object' || depth > 10) return query;
  const out: Json = { ...(query as Json) };
  if (out.filters && typeof out.filters === 'object') {
    const filters = restrictUserFilters(out.filters, schema, getModel, known);
    out.filters = schema?.uid === USER && touchesHidden(out.filters) ? { $and: [filters, known] } : filters;
  }
  if (out.sort !== undefined) assertSortPublic(out.sort, schema, getModel);
  if (out.populate && typeof out.populate === 'object' && !Array.isArray(out.populate)) {
    const populate: Json = {};
    for (const [key, value] of Object.entries(out.populate)) {
      const attribute = schema?.attributes?.[key];
      const target = attribute?.type === 'relation' ? getModel(attribute.target) : attribute?.type === 'component' ? getModel(attribute.component) : null;
      populate[key] = target && value && typeof value === 'object' ? restrictQuery(value, target, getModel, known, depth + 1) : value;
    }
    out.populate = populate;
  }
  return out as Q; // the same query, rewritten
}

/**
 * Wraps `strapi.contentAPI.sanitize.query` — which every core controller, every scoped controller
 * and the users controller call on the request's query — so that for anyone but an administrator
 * the sanitised query runs through `restrictQuery`: filters on users' non-public fields only match
 * the caller and its own people, and sorting on them answers 400. A generic mechanism read from
 * the schemas: a new relation to users is covered without further code.
 */
export function registerUserFilterRules(strapi: Core.Strapi): void {
  const sanitize = strapi.contentAPI.sanitize;
  const original = sanitize.query;
  sanitize.query = async (query, schema, options) => {
    const sanitized = await original(query, schema, options);
    const state = requestState(strapi) ?? {};
    const caller = state.user;
    if (caller && isAdminUser(caller)) return sanitized;
    state.knownUsers ??= knownUsersFilter(caller ? await getScope(strapi, caller) : null);
    // `schema` is Strapi's runtime model (its uid typed as a plain string): read through SchemaView
    return restrictQuery(sanitized, schema as SchemaView, (uid) => strapi.getModel(uid), state.knownUsers as Record<string, unknown>);
  };
}
