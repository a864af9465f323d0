import { getScope, isAdminUser, scopeFilter, type Scope } from './scope';

/**
 * What a caller sees of the users reached through relations (issue 8 item 7; docs/decisions.md
 * "Security: files and relations"). Registered once as a `content-api.output` sanitizer
 * (src/index.ts), so it runs in every `sanitizeOutput` — every core and scoped controller and the
 * users controller — on every populate path at any depth (`populate[users]`,
 * `populate[company_id][populate][users]`, `populate=*`, …), reading the schemas to find them.
 *
 * For anyone but an administrator, a user object found under a relation is:
 * - the caller: kept as is;
 * - one of the caller's own people (a dealership's salesmen; a salesman's dealership account and
 *   colleagues): `PEOPLE_FIELDS`;
 * - another user inside the caller's scope (the party accounts of the directory): `PUBLIC_FIELDS`;
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

/** Calls `onUser` on every user object under a relation of `entity`; returns the entity with its answers. */
function walk(strapi: any, schema: any, entity: any, onUser: (u: any) => any): any {
  if (!entity || typeof entity !== 'object' || !schema?.attributes) return entity;
  for (const [key, value] of Object.entries(entity)) {
    const attribute = schema.attributes[key];
    if (!attribute || value == null || typeof value !== 'object') continue;
    if (attribute.type === 'relation') {
      const target = strapi.getModel(attribute.target);
      const one = (v: any) => {
        if (!v || typeof v !== 'object' || !('id' in v)) return v; // e.g. {count}
        if (attribute.target === USER) {
          const answer = onUser(v);
          return answer === v ? walk(strapi, target, v, onUser) : answer; // the caller itself: look inside too
        }
        return walk(strapi, target, v, onUser);
      };
      if (Array.isArray(value)) entity[key] = value.map(one).filter((v) => v !== undefined);
      else entity[key] = one(value) ?? null;
    } else if (attribute.type === 'component') {
      const component = strapi.getModel(attribute.component);
      entity[key] = Array.isArray(value) ? value.map((v) => walk(strapi, component, v, onUser)) : walk(strapi, component, value, onUser);
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      entity[key] = value.map((v: any) => (typeof v?.__component === 'string' ? walk(strapi, strapi.getModel(v.__component), v, onUser) : v));
    }
  }
  return entity;
}

async function verdicts(strapi: any, scope: Scope, ids: number[], cache: Map<number, Verdict>): Promise<void> {
  const unknown = ids.filter((id) => !cache.has(id));
  if (!unknown.length) return;
  for (const id of unknown) cache.set(id, id === scope.userId ? 'self' : 'hidden');
  const rows: any[] = await strapi.db.query(USER).findMany({
    where: { $and: [{ id: { $in: unknown } }, scopeFilter(USER, scope, 'read')] },
    select: ['id', 'type'],
    populate: { company_id: { select: ['id'], populate: { user_id: { select: ['id'] } } } },
  });
  for (const u of rows) {
    if (u.id === scope.userId) continue;
    const dealer = u.company_id?.user_id?.id ?? null;
    const people =
      (scope.kind === 'company' && dealer === scope.userId) ||
      (scope.kind === 'salesman' && scope.partyUserId != null && (u.id === scope.partyUserId || dealer === scope.partyUserId));
    cache.set(u.id, people ? 'people' : 'public');
  }
}

const pick = (u: any, fields: string[]) => Object.fromEntries(fields.filter((k) => k in u).map((k) => [k, u[k]]));

/** The `content-api.output` sanitizer factory: `(schema) => async (entity) => entity`. */
export const userExposureSanitizer = (strapi: any) => (schema: any) => async (entity: any) => {
  if (!entity || typeof entity !== 'object') return entity;
  const ctx = strapi.requestContext.get();
  const caller = ctx?.state?.user;
  if (caller && isAdminUser(caller)) return entity;
  const state = (ctx?.state ?? {}) as any;
  state.userExposure ??= { scope: caller ? await getScope(strapi, caller) : null, cache: new Map<number, Verdict>() };
  const { scope, cache } = state.userExposure as { scope: Scope | null; cache: Map<number, Verdict> };

  const ids: number[] = [];
  walk(strapi, schema, entity, (u) => {
    ids.push(Number(u.id));
    return u;
  });
  if (!ids.length) return entity;
  if (scope) await verdicts(strapi, scope, ids, cache);
  return walk(strapi, schema, entity, (u) => {
    const verdict = scope ? cache.get(Number(u.id)) ?? 'hidden' : 'hidden';
    if (verdict === 'self') return u;
    if (verdict === 'people') return pick(u, PEOPLE_FIELDS);
    if (verdict === 'public') return pick(u, PUBLIC_FIELDS);
    return undefined;
  });
};
