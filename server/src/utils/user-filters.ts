import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, isAdminUser, NOTHING, scopeFilter, type Scope } from './scope';
import { ownsRows, PEOPLE_FIELDS, PUBLIC_FIELDS } from './user-exposure';
import { requestState, type Json, type SchemaView } from './types';

/** Reads a schema by uid (`strapi.getModel`). */
type GetModel = (uid: UID.Schema) => SchemaView;

const USER = 'plugin::users-permissions.user';
const LOGICAL = new Set(['$and', '$or', '$not']);
const PUBLIC = new Set(PUBLIC_FIELDS);
const PEOPLE = new Set(PEOPLE_FIELDS);

/**
 * Users every field of which the caller may filter and sort on (the query side;
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

/** true when a filter object at a user level names a field outside `shown` (logical operators looked through). */
function touchesBeyond(filter: unknown, shown: ReadonlySet<string>, depth = 0): boolean {
  if (!filter || typeof filter !== 'object' || depth > 20) return false;
  if (Array.isArray(filter)) return filter.some((f) => touchesBeyond(f, shown, depth + 1));
  return Object.entries(filter).some(([key, value]) => (LOGICAL.has(key) ? touchesBeyond(value, shown, depth + 1) : !shown.has(key)));
}

/** true when a filter object at a user level names a field other than the public ones (id, documentId, name, type). */
const touchesHidden = (filter: unknown) => touchesBeyond(filter, PUBLIC);

/** true when a filter object names any field (a condition, not only logical operators over nothing). */
function touchesAny(filter: unknown, depth = 0): boolean {
  if (!filter || typeof filter !== 'object' || depth > 20) return false;
  if (Array.isArray(filter)) return filter.some((f) => touchesAny(f, depth + 1));
  return Object.entries(filter).some(([key, value]) => (LOGICAL.has(key) ? touchesAny(value, depth + 1) : true));
}

/**
 * What the caller may reach of users in a query, mirroring what answers show them (user-exposure.ts):
 * - `self`: the caller, the only user whose every field and relation answers show;
 * - `known`: itself and its own people, shown with their contact fields (`PEOPLE_FIELDS`);
 * - `visible`: the users any answer shows at all (itself, its people, the party accounts);
 * - `ownsRows(uid)`: whether rows of `uid` in the caller's scope make the users they link visible
 *   (orders, receivables, agreements, …: their seller, their parties), as the answers do.
 */
export interface UserReach {
  /** The caller alone: the only user every field (and relation) of which an answer shows it. */
  self: Record<string, unknown>;
  known: Record<string, unknown>;
  visible: Record<string, unknown>;
  ownsRows: (uid: UID.Schema) => boolean;
}

/** The reach of a caller's scope (null: no session, nobody). */
export function userReach(scope: Scope | null): UserReach {
  if (!scope) return { self: NOTHING, known: NOTHING, visible: NOTHING, ownsRows: () => false };
  return {
    self: { id: { $eq: scope.userId } },
    known: knownUsersFilter(scope),
    visible: scopeFilter(USER, scope, 'read') ?? {},
    ownsRows: (uid) => ownsRows(uid, scope),
  };
}

/**
 * Rewrites a (sanitised) `filters` tree of content-type `schema` so that conditions on users reach
 * only the users the caller's answers would show, with the fields they would show:
 * - a condition on a field answers show of no one but the caller (provider, role, company_id,
 *   address_state_id, createdAt, …), at the root of a users query or under any relation to users,
 *   matches only the caller;
 * - a condition on a contact field (username = CPF/CNPJ, email, phone) matches only `known` users:
 *   `{user_id: {username: {$startsWith: '1'}}}` → `{user_id: {$and: [{username: …}, known]}}`;
 * - a condition on a public field (id, documentId, name, type) under a relation from a record that
 *   does not own its users (a company's `users`, a user's relations) matches only `visible` users:
 *   `/companies?filters[users][name][$startsWith]=Vend` finds no company by another dealership's
 *   salesman, whom `populate[users]` would not show either.
 * Without it, filtering on a hidden field letter by letter reads it although no answer shows it.
 * Pure; throws nothing.
 */
export function restrictUserFilters(filters: unknown, schema: SchemaView, getModel: GetModel, reach: UserReach, depth = 0): unknown {
  if (!filters || typeof filters !== 'object' || depth > 20) return filters;
  if (Array.isArray(filters)) return filters.map((f) => restrictUserFilters(f, schema, getModel, reach, depth + 1));
  const out: Json = {};
  for (const [key, value] of Object.entries(filters)) {
    const attribute = schema?.attributes?.[key];
    if (LOGICAL.has(key)) {
      out[key] = restrictUserFilters(value, schema, getModel, reach, depth + 1);
    } else if (attribute?.type === 'relation' && value && typeof value === 'object') {
      const inner = restrictUserFilters(value, getModel(attribute.target), getModel, reach, depth + 1);
      if (attribute.target !== USER) out[key] = inner;
      else if (touchesBeyond(value, PEOPLE)) out[key] = { $and: [inner, reach.self] };
      else if (touchesHidden(value)) out[key] = { $and: [inner, reach.known] };
      else if (touchesAny(value) && !(schema?.uid && reach.ownsRows(schema.uid))) out[key] = { $and: [inner, reach.visible] };
      else out[key] = inner;
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

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'manyWay']);

/**
 * Throws 400 when a sort path reaches a user's non-public field, or any field of users reached
 * through a to-many relation of a record that does not own its users (a company's `users`): the
 * order of the rows would tell what no answer shows.
 */
function assertSortPublic(sort: unknown, schema: SchemaView, getModel: GetModel, reach: UserReach): void {
  for (const path of sortPaths(sort)) {
    let model = schema;
    for (const field of path) {
      if (model?.uid === USER && !PUBLIC.has(field)) throw new errors.ValidationError('Ordenação inválida: campo não permitido.', { sort: path.join('.') });
      const attribute = model?.attributes?.[field];
      if (attribute?.type !== 'relation') break;
      if (attribute.target === USER && TO_MANY.has(attribute.relation ?? '') && !(model?.uid && reach.ownsRows(model.uid))) {
        throw new errors.ValidationError('Ordenação inválida: campo não permitido.', { sort: path.join('.') });
      }
      model = getModel(attribute.target);
    }
  }
}

/** Applies the rules to a query of `schema`: root filters and sort, and every populate level's filters and sort. */
function restrictQuery<Q>(query: Q, schema: SchemaView, getModel: GetModel, reach: UserReach, depth = 0): Q {
  if (!query || typeof query !== 'object' || depth > 10) return query;
  const out: Json = { ...(query as Json) };
  if (out.filters && typeof out.filters === 'object') {
    const filters = restrictUserFilters(out.filters, schema, getModel, reach);
    const root = schema?.uid !== USER ? null : touchesBeyond(out.filters, PEOPLE) ? reach.self : touchesHidden(out.filters) ? reach.known : null;
    out.filters = root ? { $and: [filters, root] } : filters;
  }
  if (out.sort !== undefined) assertSortPublic(out.sort, schema, getModel, reach);
  if (out.populate && typeof out.populate === 'object' && !Array.isArray(out.populate)) {
    const populate: Json = {};
    for (const [key, value] of Object.entries(out.populate)) {
      const attribute = schema?.attributes?.[key];
      const target = attribute?.type === 'relation' ? getModel(attribute.target) : attribute?.type === 'component' ? getModel(attribute.component) : null;
      populate[key] = target && value && typeof value === 'object' ? restrictQuery(value, target, getModel, reach, depth + 1) : value;
    }
    out.populate = populate;
  }
  return out as Q; // the same query, rewritten
}

/**
 * Wraps `strapi.contentAPI.sanitize.query` — which every core controller, every scoped controller
 * and the users controller call on the request's query — so that for anyone but an administrator
 * the sanitised query runs through `restrictQuery`: filters on users reach only the users and the
 * fields the answers would show, and sorting on the others answers 400. A generic mechanism read from
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
    state.userReach ??= userReach(caller ? await getScope(strapi, caller) : null);
    // `schema` is Strapi's runtime model (its uid typed as a plain string): read through SchemaView
    return restrictQuery(sanitized, schema as SchemaView, (uid) => strapi.getModel(uid), state.userReach as UserReach);
  };
}
