import type { Core, UID } from '@strapi/strapi';
import type { Knex } from 'knex';
import { readInCurrentTransaction } from './current-transaction';
import type { AuthUser } from './types';

/**
 * The caller's data scope (docs/architecture.md "Data scope").
 * - kind 'all' for administrators (user.type admin, or the Administrador role type);
 * - kind 'company' / 'dispatcher' for party accounts, partyUserId = their own user id;
 * - kind 'salesman', partyUserId = login user of their dealership (user.company_id.user_id) or null.
 */
export interface Scope {
  kind: 'all' | 'company' | 'dispatcher' | 'salesman';
  userId: number;
  partyUserId: number | null;
}

/** true when the authenticated user (ctx.state.user) is an administrator (type admin or role type administrador). */
export function isAdminUser(user: Pick<AuthUser, 'type' | 'role'> | null | undefined): boolean {
  if (!user) return false;
  return user.type === 'admin' || user.role?.type === 'administrador';
}

/**
 * A salesman's scope per caller object: ctx.state.user is read afresh for every request
 * (extensions/users-permissions/auth-strategies.ts), so one request resolves its dealership once,
 * however many guards and queries ask, and the next request reads it again.
 */
const salesmanScopes = new WeakMap<object, Promise<Scope>>();

/**
 * Resolves the scope of `user` (ctx.state.user, as set by users-permissions: id, type, role).
 * Throws nothing but the database's errors; an unknown type is treated as salesman (the narrowest
 * scope with reads), whose dealership is read once per caller object.
 */
export async function getScope(strapi: Core.Strapi, user: Pick<AuthUser, 'id' | 'type' | 'role'>): Promise<Scope> {
  if (isAdminUser(user)) return { kind: 'all', userId: user.id, partyUserId: null };
  if (user.type === 'company' || user.type === 'dispatcher') {
    return { kind: user.type, userId: user.id, partyUserId: user.id };
  }
  let scope = salesmanScopes.get(user);
  if (scope === undefined) {
    scope = salesmanScope(strapi, user.id);
    salesmanScopes.set(user, scope);
    // a failed read is not kept: the next ask reads again
    scope.catch(() => salesmanScopes.delete(user));
  }
  return scope;
}

/** A relation's link table as Strapi's metadata names it (`joinColumn`: this side's id, `inverseJoinColumn`: the target's). */
interface LinkTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
}

const linkOf = (strapi: Core.Strapi, uid: UID.Schema, attribute: string): LinkTable =>
  (strapi.db.metadata.get(uid).attributes[attribute] as unknown as { joinTable: LinkTable }).joinTable;

/**
 * The select of the dealership login of a user (`user.company_id.user_id`), at most one row `{party}`, through the
 * two link tables Strapi's metadata names (the query engine's nested populate read the user, the company and its
 * user: three statements). `user`: the user's id, or `{column}`, a column of an outer query holding it (`t0.id`),
 * for a correlated subquery. Not run.
 */
export function dealershipLoginQuery(strapi: Core.Strapi, user: number | { column: string }): Knex.QueryBuilder {
  const toCompany = linkOf(strapi, USER, 'company_id');
  const toParty = linkOf(strapi, 'api::company.company', 'user_id');
  const schema = strapi.db.dialect.client === 'postgres' ? `${strapi.db.getSchemaName()}.` : '';
  const query = strapi.db
    .connection(`${schema}${toCompany.name} as __dl_c`)
    .join(`${schema}${toParty.name} as __dl_p`, `__dl_p.${toParty.joinColumn.name}`, `__dl_c.${toCompany.inverseJoinColumn.name}`)
    .select({ party: `__dl_p.${toParty.inverseJoinColumn.name}` })
    .limit(1);
  const owner = `__dl_c.${toCompany.joinColumn.name}`;
  return (typeof user === 'number' ? query.where(owner, user) : query.whereRaw('?? = ??', [owner, user.column])) as unknown as Knex.QueryBuilder;
}

/**
 * The salesman's dealership login in ONE statement ({@link dealershipLoginQuery}), on the caller's transaction
 * when there is one (utils/current-transaction.ts).
 */
async function salesmanScope(strapi: Core.Strapi, id: number): Promise<Scope> {
  const [row] = await readInCurrentTransaction<{ party: number | string | null }>(strapi, dealershipLoginQuery(strapi, id));
  return { kind: 'salesman', userId: id, partyUserId: row?.party == null ? null : Number(row.party) };
}

/**
 * Records the dealership login of the caller object `user` read with it (extensions/users-permissions/sessions.ts
 * reads it in the caller's own statement on PostgreSQL), so a salesman's scope needs no statement of its own.
 * `party`: the value {@link dealershipLoginQuery} selected (null: none).
 */
export function knownDealership(user: object & { id: number }, party: unknown): void {
  salesmanScopes.set(user, Promise.resolve({ kind: 'salesman', userId: user.id, partyUserId: party == null ? null : Number(party) }));
}

/** A filter that matches no row (a scope with no access). */
export const NOTHING = { id: { $null: true } };

const ORDER = 'api::sales-order.sales-order';
const RECEIVABLE = 'api::receivable.receivable';
const ITEM = 'api::sales-order-item.sales-order-item';
const ORDER_DOCUMENT = 'api::sales-order-document.sales-order-document';
const AGREEMENT = 'api::company-agreement.company-agreement';
const COMPANY = 'api::company.company';
const NOTIFICATION = 'api::notification.notification';
const DOCUMENT_TYPE = 'api::document-type.document-type';
const USER = 'plugin::users-permissions.user';

/** Orders visible to `scope` (Strapi filters object), null for administrators. */
export function orderFilter(scope: Scope): Record<string, unknown> | null {
  switch (scope.kind) {
    case 'all':
      return null;
    case 'company':
      return { user_company_id: { id: { $eq: scope.userId } } };
    case 'dispatcher':
      return { user_dispatcher_id: { id: { $eq: scope.userId } } };
    default:
      return scope.partyUserId
        ? { $or: [{ user_id: { id: { $eq: scope.userId } } }, { user_company_id: { id: { $eq: scope.partyUserId } } }] }
        : { user_id: { id: { $eq: scope.userId } } };
  }
}

/**
 * The data-scope rule of docs/architecture.md "Data scope" for one content-type, as a Strapi
 * `filters` object to AND with the caller's filters; null means "no restriction" (admin, or a
 * shared lookup table). `mode` 'write' is narrower for companies (only one's own record).
 */
export function scopeFilter(uid: UID.Schema, scope: Scope, mode: 'read' | 'write' = 'read'): Record<string, unknown> | null {
  if (scope.kind === 'all') return null;
  const me = { id: { $eq: scope.userId } };
  switch (uid) {
    case ORDER:
      return orderFilter(scope);
    case RECEIVABLE:
      if (scope.kind === 'company') return { user_company_id: me };
      if (scope.kind === 'dispatcher') return { user_dispatcher_id: me };
      return { sales_order: orderFilter(scope) };
    case ITEM:
    case ORDER_DOCUMENT:
      return { sales_order: orderFilter(scope) };
    case AGREEMENT:
      if (scope.kind === 'company') return { user_company_id: me };
      if (scope.kind === 'dispatcher') return { user_dispatcher_id: me };
      return NOTHING;
    case DOCUMENT_TYPE:
      if (scope.kind === 'company') return { user_company_id: me };
      if (scope.kind === 'dispatcher') return { user_dispatcher_id: me };
      return scope.partyUserId ? { user_company_id: { id: { $eq: scope.partyUserId } } } : NOTHING;
    case COMPANY:
      if (mode === 'write') return scope.kind === 'salesman' ? NOTHING : { user_id: me };
      if (scope.kind === 'salesman') return { type: { $eq: 'company' } };
      return { $or: [{ type: { $eq: 'company' } }, { user_id: me }] };
    case NOTIFICATION:
      return { user: me };
    case USER: {
      // Users a party may see or point at (docs/decisions.md "What a caller sees of other users"):
      // itself, the party accounts (the directory GET /users lists), and its own people (a
      // dealership's salesmen; a salesman's colleagues). Writes (one-to-one links): itself only.
      if (mode === 'write') return { id: me.id };
      const people: Record<string, unknown>[] = [{ id: me.id }, { type: { $in: ['company', 'dispatcher'] } }];
      if (scope.kind === 'company') people.push({ company_id: { user_id: me } });
      if (scope.kind === 'salesman' && scope.partyUserId) people.push({ company_id: { user_id: { id: { $eq: scope.partyUserId } } } });
      return { $or: people };
    }
    default:
      return null;
  }
}

/**
 * The party field a party account's own writes are pinned to: a dealership is always the
 * `user_company_id` of what it writes, a dispatcher the `user_dispatcher_id`; null for
 * administrators and salesmen (their rules differ per content-type).
 */
export function ownPartyField(scope: Scope): 'user_company_id' | 'user_dispatcher_id' | null {
  return scope.kind === 'company' ? 'user_company_id' : scope.kind === 'dispatcher' ? 'user_dispatcher_id' : null;
}

/** ANDs the caller's filters with a scope filter (either may be empty). */
export function andFilters(filters: unknown, scope: Record<string, unknown> | null): Record<string, unknown> | undefined {
  const present = filters && typeof filters === 'object' && Object.keys(filters as object).length > 0;
  if (!scope) return present ? (filters as Record<string, unknown>) : undefined;
  return present ? { $and: [filters, scope] } : scope;
}
