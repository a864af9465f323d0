import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { readInCurrentTransaction } from './current-transaction';
import { dealershipLoginQuery, getScope, isAdminUser, scopeFilter, type Scope } from './scope';
import { requestState, type Json, type SchemaView } from './types';

const COMPANY = 'api::company.company';

/**
 * What a caller sees of the users reached through relations (docs/decisions.md
 * "What a caller sees of other users"). Registered once as a `content-api.output` sanitizer
 * (src/index.ts), so it runs in every `sanitizeOutput` — every core and scoped controller and the
 * users controller — on every populate path at any depth (`populate[users]`,
 * `populate[company_id][populate][users]`, `populate=*`, …), reading the schemas to find them.
 *
 * For anyone but an administrator, a user object found under a relation is:
 * - the caller: kept as is;
 * - one of the caller's own people (a dealership's salesmen; a salesman's dealership account and
 *   colleagues): `PEOPLE_FIELDS`;
 * - another user inside the caller's scope (the party accounts of the directory): `PUBLIC_FIELDS`;
 * - a user reached through a record the caller may read (e.g. the seller `user_id` of an order of
 *   the despachante's): `PUBLIC_FIELDS`. "A record the caller may read" = a row of a content-type
 *   with an ownership scope (`scopeFilter` not null: orders, receivables, agreements, document
 *   types, …), checked in the database; the directory (companies) and users themselves do not count,
 *   so `/companies?populate[users]` of another dealership still shows none of its salesmen;
 * - anyone else: removed (null for a single relation, left out of a list).
 * Fields only: nested relations of those users are not shown. The root of a users answer (GET
 * /users, /users/me) is the users controller's business, not this sanitizer's.
 */
const USER = 'plugin::users-permissions.user';
/** What anyone in scope sees of a party account. */
export const PUBLIC_FIELDS = ['id', 'documentId', 'name', 'type'];
/** What a party sees of its own people. */
export const PEOPLE_FIELDS = ['id', 'documentId', 'username', 'name', 'email', 'phone_number', 'type'];

type Verdict = 'self' | 'people' | 'public' | 'hidden';

/** Where a user object was found: the uid and id of the record whose relation holds it. */
type Parent = { uid: UID.Schema; id: unknown };

/** A user object found under a relation (a row of users-permissions' user, as populated). */
type UserObject = Json & { id: number };

/** Calls `onUser(user, parent)` on every user object under a relation of `entity`; returns the entity with its answers. */
function walk<T>(strapi: Core.Strapi, schema: SchemaView, entity: T, onUser: (u: UserObject, parent: Parent) => unknown): T {
  if (!entity || typeof entity !== 'object' || !schema?.attributes) return entity;
  const row = entity as Json;
  for (const [key, value] of Object.entries(row)) {
    const attribute = schema.attributes[key];
    if (!attribute || value == null || typeof value !== 'object') continue;
    if (attribute.type === 'relation') {
      const target: SchemaView = strapi.getModel(attribute.target);
      const one = (v: unknown) => {
        if (!v || typeof v !== 'object' || !('id' in v)) return v; // e.g. {count}
        if (attribute.target === USER) {
          const answer = onUser(v as UserObject, { uid: schema.uid, id: row.id });
          return answer === v ? walk(strapi, target, v, onUser) : answer; // the caller itself: look inside too
        }
        return walk(strapi, target, v, onUser);
      };
      if (Array.isArray(value)) row[key] = value.map(one).filter((v) => v !== undefined);
      else row[key] = one(value) ?? null;
    } else if (attribute.type === 'component') {
      const component: SchemaView = strapi.getModel(attribute.component);
      row[key] = Array.isArray(value) ? value.map((v) => walk(strapi, component, v, onUser)) : walk(strapi, component, value, onUser);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      row[key] = value.map((v: Json) => (typeof v?.__component === 'string' ? walk(strapi, strapi.getModel(v.__component as UID.Component), v, onUser) : v));
    }
  }
  return entity;
}

/**
 * Judges the users `ids` (those not in `cache` yet) for `scope` in ONE statement: the users inside
 * scopeFilter(USER) and, for a dealership or a salesman, each one's dealership login as a correlated column
 * (scope.ts dealershipLoginQuery, the same definition the caller's read and verdictMark use). A user outside
 * the filter is 'hidden'; the caller is 'self'. Throws what the database throws.
 */
async function verdicts(strapi: Core.Strapi, scope: Scope, ids: number[], cache: Map<number, Verdict>): Promise<void> {
  const unknown = [...new Set(ids)].filter((id) => !cache.has(id));
  if (!unknown.length) return;
  for (const id of unknown) cache.set(id, id === scope.userId ? 'self' : 'hidden');
  const builder = strapi.db.entityManager
    .createQueryBuilder(USER)
    .init({ select: ['id'], where: { $and: [{ id: { $in: unknown } }, scopeFilter(USER, scope, 'read')] } });
  const query = builder.getKnexQuery() as Knex.QueryBuilder;
  const root = (builder as unknown as { alias: string }).alias;
  // a user's dealership decides 'people', which only dealerships and salesmen have: the others (dispatchers) skip it
  if (scope.kind === 'company' || scope.kind === 'salesman') query.select({ dealer: dealershipLoginQuery(strapi, { column: `${root}.id` }) });
  const rows = await readInCurrentTransaction<{ id: number | string; dealer?: number | string | null }>(strapi, query);
  for (const u of rows) {
    const id = Number(u.id);
    if (id !== scope.userId) cache.set(id, inScopeVerdict(scope, id, u.dealer == null ? null : Number(u.dealer)));
  }
}

/** The verdict of user `id`, inside the caller's scopeFilter(USER) and not the caller, whose dealership login is `dealer` (null: none). */
function inScopeVerdict(scope: Scope, id: number, dealer: number | null): Verdict {
  const people =
    (scope.kind === 'company' && dealer === scope.userId) ||
    (scope.kind === 'salesman' && scope.partyUserId != null && (id === scope.partyUserId || dealer === scope.partyUserId));
  return people ? 'people' : 'public';
}

/** True when a list read can judge the users it holds in its own statement ({@link verdictMark}, {@link seedVerdicts}): any party; an administrator is not judged. */
export function judgedInStatement(scope: Scope): boolean {
  return scope.kind === 'dispatcher' || scope.kind === 'company' || scope.kind === 'salesman';
}

/**
 * What a list read (utils/search/one-trip.ts, through rows-with-relations.ts `RelationRead.mark`) selects beside
 * each user it holds, given the user row's alias, so that {@link seedVerdicts} can judge it as `verdicts` would:
 * for a dispatcher `id IN (<scopeFilter(USER)>)`; for a dealership or a salesman, whose "own people" also
 * depend on each user's dealership, `[id IN (<scopeFilter(USER)>), <the dealership login of the user's company>]`.
 */
export function verdictMark(strapi: Core.Strapi, scope: Scope): (alias: string) => Knex.Raw {
  const knex = strapi.db.connection;
  const inScope = strapi.db.entityManager
    .createQueryBuilder(USER)
    .init({ select: ['id'], where: scopeFilter(USER, scope, 'read') })
    .getKnexQuery() as Knex.QueryBuilder;
  if (scope.kind === 'dispatcher') return (alias) => knex.raw('?? IN ?', [`${alias}.id`, inScope]);
  return (alias) => knex.raw('json_build_array(?? IN ?, (?))', [`${alias}.id`, inScope, dealershipLoginQuery(strapi, { column: `${alias}.id` })]);
}

/**
 * Records, for the request being served, verdicts a list read judged itself (utils/search/one-trip.ts),
 * so the output sanitizer reads nothing more: `marks` maps each user id the answer holds to the value
 * {@link verdictMark} selected for it (then 'self', 'people', 'public' or 'hidden' as `verdicts` decides), and
 * `parents` are the `uid:id` keys of rows read inside the caller's scope (what `parentsInScope`
 * would find). Only for a scope {@link judgedInStatement} accepts; known verdicts are kept.
 */
export function seedVerdicts(strapi: Core.Strapi, scope: Scope, marks: Map<number, unknown>, parents: string[]): void {
  const state = requestState(strapi);
  if (!state || !judgedInStatement(scope)) return;
  state.userExposure ??= { scope, cache: new Map<number, Verdict>(), parents: new Map<string, boolean>() };
  const known = state.userExposure as { scope: Scope | null; cache: Map<number, Verdict>; parents: Map<string, boolean> };
  if (known.scope?.userId !== scope.userId || known.scope.kind !== scope.kind) return;
  for (const [id, mark] of marks) {
    if (known.cache.has(id)) continue;
    const [inScope, dealer] = Array.isArray(mark) ? (mark as [unknown, unknown]) : [mark, null];
    known.cache.set(id, id === scope.userId ? 'self' : inScope === true ? inScopeVerdict(scope, id, dealer == null ? null : Number(dealer)) : 'hidden');
  }
  for (const key of parents) if (!known.parents.has(key)) known.parents.set(key, true);
}

/** Content-types whose rows, when in the caller's scope, make the users they link public to it (also read by user-filters.ts). */
export function ownsRows(uid: UID.Schema, scope: Scope): boolean {
  return uid !== USER && uid !== COMPANY && scopeFilter(uid, scope, 'read') != null;
}

/** Marks in `cache` (key `uid:id`) which of the `parents` are rows the caller may read. */
async function parentsInScope(strapi: Core.Strapi, scope: Scope, parents: Parent[], cache: Map<string, boolean>): Promise<void> {
  const byUid = new Map<UID.Schema, number[]>();
  for (const p of parents) {
    const key = `${p.uid}:${p.id}`;
    if (cache.has(key)) continue;
    cache.set(key, false);
    const id = Number(p.id);
    if (!Number.isSafeInteger(id) || !ownsRows(p.uid, scope)) continue;
    byUid.set(p.uid, [...(byUid.get(p.uid) ?? []), id]);
  }
  for (const [uid, ids] of byUid) {
    const rows: { id: number }[] = await strapi.db.query(uid).findMany({
      where: { $and: [{ id: { $in: ids } }, scopeFilter(uid, scope, 'read')] },
      select: ['id'],
    });
    for (const r of rows) cache.set(`${uid}:${r.id}`, true);
  }
}

const pick = (u: Json, fields: string[]) => Object.fromEntries(fields.filter((k) => k in u).map((k) => [k, u[k]]));

/**
 * The `content-api.output` sanitizer factory: `(schema) => async (entity) => entity`. `entity` may
 * also be a list of entities of `schema` (the one-pass output sanitiser hands a list answer over
 * at once, see `acceptsLists` in utils/output-sanitizer.ts): the users of the whole list are then
 * judged in one statement, not one per entity that brings new ones.
 */
export const userExposureSanitizer = (strapi: Core.Strapi) => (schema: SchemaView) => async (entity: unknown) => {
  if (!entity || typeof entity !== 'object') return entity;
  const state = requestState(strapi) ?? {};
  const caller = state.user;
  if (caller && isAdminUser(caller)) return entity;
  state.userExposure ??= {
    scope: caller ? await getScope(strapi, caller) : null,
    cache: new Map<number, Verdict>(),
    parents: new Map<string, boolean>(),
  };
  const { scope, cache, parents } = state.userExposure as { scope: Scope | null; cache: Map<number, Verdict>; parents: Map<string, boolean> };
  const entities: unknown[] = Array.isArray(entity) ? entity : [entity];

  const ids: number[] = [];
  const found: Parent[] = [];
  for (const one of entities)
    walk(strapi, schema, one, (u, parent) => {
      ids.push(Number(u.id));
      found.push(parent);
      return u;
    });
  if (!ids.length) return entity;
  if (scope) {
    await verdicts(strapi, scope, ids, cache);
    const reached = found.filter((_, i) => cache.get(ids[i]) === 'hidden');
    if (reached.length) await parentsInScope(strapi, scope, reached, parents);
  }
  const judge = (u: UserObject, parent: Parent) => {
    let verdict = scope ? (cache.get(Number(u.id)) ?? 'hidden') : 'hidden';
    if (verdict === 'hidden' && parents.get(`${parent.uid}:${parent.id}`)) verdict = 'public';
    if (verdict === 'self') return u;
    if (verdict === 'people') return pick(u, PEOPLE_FIELDS);
    if (verdict === 'public') return pick(u, PUBLIC_FIELDS);
    return undefined;
  };
  const answers = entities.map((one) => walk(strapi, schema, one, judge));
  return Array.isArray(entity) ? answers : answers[0];
};

/**
 * The root of a users list (GET /users) for the caller: an administrator sees the users as given;
 * anyone else sees itself in full, its own people with `PEOPLE_FIELDS` and everybody else — the
 * party accounts of the directory — with `PUBLIC_FIELDS` only (id, documentId, name, type: what
 * the PWA's selects read). Same verdicts as the populate sanitizer above.
 */
export async function exposeUserList<U extends Json>(strapi: Core.Strapi, users: U[]): Promise<(U | Json)[]> {
  const caller = requestState(strapi)?.user;
  if (caller && isAdminUser(caller)) return users;
  const cache = new Map<number, Verdict>();
  if (caller)
    await verdicts(
      strapi,
      await getScope(strapi, caller),
      users.map((u) => Number(u.id)),
      cache,
    );
  return users.map((u) => {
    const verdict = cache.get(Number(u.id));
    if (verdict === 'self') return u;
    return pick(u, verdict === 'people' ? PEOPLE_FIELDS : PUBLIC_FIELDS);
  });
}
