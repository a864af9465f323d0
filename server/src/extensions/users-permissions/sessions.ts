import { createSecretKey, randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { readableRelation, readRows } from '../../utils/rows-with-relations';
import { dealershipLoginQuery, knownDealership } from '../../utils/scope';
import type { AppContext } from '../../utils/types';

/**
 * Sessions of the `legacy-support` JWTs: one per sign-in and device (docs/decisions.md "Sessions per device; revocation by a version claim").
 *
 * Every JWT carries `sid`, a random id of the sign-in that issued it, and `tv`, the user's
 * `token_version` then. A request's token is checked against the user row the strategy reads anyway
 * (one primary-key read, no session table):
 * - Sair (`POST /auth/logout`) ends this token's session only: its `sid` joins the user's
 *   `ended_sessions` (pruned as the tokens expire), so the phone keeps working when the desktop signs out;
 * - a password change (the profile's change-password, `/auth/change-password`, reset-password, an
 *   administrator's PUT), a block, and "Sair de todos os dispositivos" (`POST /auth/logout-all`) bump
 *   `token_version` and end every session of the user at once.
 * Tokens without `tv` are refused; tokens without `sid` (issued before sessions had ids) are ended by
 * their logout through `token_version`, as before.
 */
const USER = 'plugin::users-permissions.user';

/** A plugin member as the extension receives it: the object, or its `({strapi}) => object` factory. */
export type Factory<T> = T | ((deps: { strapi: Core.Strapi }) => T);
const build = <T>(factory: Factory<T>, deps: { strapi: Core.Strapi }): T =>
  typeof factory === 'function' ? (factory as (d: { strapi: Core.Strapi }) => T)(deps) : factory;

/** What we use of users-permissions' jwt service. */
export interface JwtService {
  issue(payload: Record<string, unknown>, options?: Record<string, unknown>): string | Promise<string>;
  verify(token: string): Promise<Record<string, unknown>>;
  getToken(ctx: unknown): Promise<Record<string, unknown> | null> | null;
}

/** What we use of users-permissions' user service. */
export interface UserService {
  edit(userId: number, params?: Record<string, unknown>): Promise<unknown>;
  fetchAuthenticatedUser?(id: unknown): Promise<unknown>;
  remove?(params: Record<string, unknown>): Promise<unknown>;
}

/** A session ended by Sair: its id and when its token expires (epoch seconds), after which it is forgotten. */
type EndedSession = { sid: string; exp: number };

/** A user row with its role, as users-permissions' `fetchAuthenticatedUser` reads it. */
type AuthenticatedUser = { id: number; token_version?: number | null; ended_sessions?: unknown; [field: string]: unknown };

/** The ended sessions stored on a user row (a JSON list; anything else reads as none). */
const endedSessions = (value: unknown): EndedSession[] =>
  Array.isArray(value) ? value.filter((e): e is EndedSession => typeof e?.sid === 'string' && Number.isFinite(e?.exp)) : [];

/**
 * The row `verify` read for the request being served (key: its Koa context), handed to the
 * `fetchAuthenticatedUser` call the users-permissions strategy makes right after: one primary-key read per request instead of two, the token version and
 * the user + role coming from the same row. Weak keys: nothing outlives its request.
 */
const readByVerify = new WeakMap<object, AuthenticatedUser>();

/**
 * The user `id` with its role, exactly the read of users-permissions' `fetchAuthenticatedUser`. On
 * PostgreSQL one statement (the row with its role as JSON, hydrated by Strapi: utils/rows-with-relations.ts, and the
 * user's dealership login for a salesman's scope)
 * instead of the query engine's two; read on every request all the same, so a block, a password change
 * or an ended session counts at the next request on every instance.
 */
const fetchWithRole = async (strapi: Core.Strapi, id: number): Promise<AuthenticatedUser | null> => {
  if (strapi.db.dialect.client !== 'postgres' || !readableRelation(strapi, USER, 'role'))
    return strapi.db.query(USER).findOne({ where: { id }, populate: ['role'] });
  // a salesman's dealership login comes with the row: his scope needs no statement of its own (utils/scope.ts)
  const { rows, extras } = await readRows(strapi, USER, [id], [{ name: 'role' }], { party: dealershipLoginQuery(strapi, { column: 't0.id' }) });
  const user = (rows[0] as AuthenticatedUser | undefined) ?? null;
  if (user) knownDealership(user, extras.get(user.id)?.party);
  return user;
};

const legacyMode = (strapi: Core.Strapi) => strapi.config.get<string>('plugin::users-permissions.jwtManagement', 'legacy-support') !== 'refresh';

/**
 * Legacy mode: replaces the string `jwtSecret` of users-permissions by a secret KeyObject of the
 * same (UTF-8) bytes, which jsonwebtoken uses as is (a string costs a failed PEM parse and a key
 * creation per verify). Tokens signed before and after are the same. Call after the plugin's
 * bootstrap (which may generate the secret).
 */
export function useSecretKeyObject(strapi: Core.Strapi): void {
  const key = 'plugin::users-permissions.jwtSecret';
  const secret: unknown = strapi.config.get(key);
  if (legacyMode(strapi) && typeof secret === 'string' && secret) strapi.config.set(key, createSecretKey(Buffer.from(secret, 'utf8')));
}

/** The stored token version of a user (0 for a new user), or null when the user does not exist. */
async function storedVersion(strapi: Core.Strapi, userId: number): Promise<number | null> {
  const row = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['id', 'token_version'] });
  return row ? Number(row.token_version ?? 0) : null;
}

/** A JWT of a new session (a fresh `sid`) for `userId`, carrying its current token version. @throws when the user does not exist. */
export async function issueSessionToken(strapi: Core.Strapi, userId: number): Promise<string> {
  const tv = await storedVersion(strapi, userId);
  if (tv === null) throw new Error(`issueSessionToken: no user ${userId}`);
  const jwt = strapi.plugin('users-permissions').service('jwt') as JwtService;
  return jwt.issue({ id: userId, tv, sid: randomUUID() }) as string;
}

/**
 * Ends one session of `userId`: `sid` joins the user's ended sessions until `exp` (the token's own
 * expiry, epoch seconds), and the ones already expired are dropped. The other sessions go on.
 */
export async function endSession(strapi: Core.Strapi, userId: number, sid: string, exp: number): Promise<void> {
  const row: { ended_sessions?: unknown } | null = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['id', 'ended_sessions'] });
  if (!row) return;
  const now = Math.floor(Date.now() / 1000);
  const kept = endedSessions(row.ended_sessions).filter((e) => e.exp > now && e.sid !== sid);
  await strapi.db.query(USER).update({ where: { id: userId }, data: { ended_sessions: [...kept, { sid, exp }] } });
}

/** Refuses every token issued so far to `userId` (bumps its token version; its ended-session list is no longer needed). */
export async function revokeSessions(strapi: Core.Strapi, userId: number): Promise<void> {
  const tv = await storedVersion(strapi, userId);
  if (tv === null) return;
  await strapi.db.query(USER).update({ where: { id: userId }, data: { token_version: tv + 1, ended_sessions: [] } });
}

/**
 * jwt service whose `verify` also refuses a token whose `tv` is not the user's current version.
 * The row it reads (the user with its role) is kept for the same request's `fetchAuthenticatedUser`
 * (see {@link withAuthenticatedUserReuse}).
 */
export function withTokenVersionCheck(factory: Factory<JwtService>) {
  return (deps: { strapi: Core.Strapi }): JwtService => {
    const service = build(factory, deps);
    const verify = service.verify.bind(service);
    service.verify = async (token: string) => {
      const payload = await verify(token);
      if (!legacyMode(deps.strapi)) return payload;
      const id = Number(payload?.id);
      if (!Number.isSafeInteger(id) || !Number.isInteger(payload?.tv)) throw new Error('Invalid token.');
      const user = await fetchWithRole(deps.strapi, id);
      if (!user || Number(user.token_version ?? 0) !== payload.tv) throw new Error('Invalid token.');
      if (typeof payload.sid === 'string' && endedSessions(user.ended_sessions).some((e) => e.sid === payload.sid)) throw new Error('Invalid token.');
      const ctx = deps.strapi.requestContext.get();
      if (ctx) readByVerify.set(ctx, user);
      return payload;
    };
    return service;
  };
}

/**
 * user service whose `fetchAuthenticatedUser(id)` answers the row the same request's token check
 * has just read (same query, same row: no second read), once; any other call reads as before.
 */
export function withAuthenticatedUserReuse(factory: Factory<UserService>) {
  return (deps: { strapi: Core.Strapi }): UserService => {
    const service = build(factory, deps);
    const fetch = service.fetchAuthenticatedUser?.bind(service);
    if (!fetch) return service;
    service.fetchAuthenticatedUser = async (id: unknown) => {
      const ctx = deps.strapi.requestContext.get();
      const user = ctx ? readByVerify.get(ctx) : undefined;
      if (ctx && user) {
        readByVerify.delete(ctx);
        if (String(user.id) === String(id)) return user;
      }
      return fetch(id);
    };
    return service;
  };
}

/** user service whose `edit` bumps the token version when it sets a password or blocks the user. */
export function withRevocationOnEdit(factory: Factory<UserService>) {
  return (deps: { strapi: Core.Strapi }): UserService => {
    const service = build(factory, deps);
    const edit = service.edit.bind(service);
    service.edit = async (userId: number, params: Record<string, unknown> = {}) => {
      const revokes = (typeof params.password === 'string' && params.password !== '') || params.blocked === true;
      if (revokes) {
        const tv = await storedVersion(deps.strapi, Number(userId));
        if (tv !== null) params = { ...params, token_version: tv + 1 };
      }
      return edit(userId, params);
    };
    return service;
  };
}

/** Auth actions whose stock answer carries `{jwt, user}`: the jwt is re-issued with the version claim. */
const ISSUING_ACTIONS = ['callback', 'changePassword', 'resetPassword', 'register', 'emailConfirmation'] as const;

/** A controller action of the plugin (Strapi's handlers also get `next`, which these never use). */
export type Action = (ctx: AppContext, ...rest: unknown[]) => unknown;

/**
 * auth controller whose token-issuing actions answer a versioned jwt of a new session, whose
 * `logout` (in legacy mode a stock 404) ends the caller's session on this device only
 * (`POST /auth/logout` with the bearer token → `{ok: true}`; a token issued before sessions had ids
 * ends every session, as it cannot be told apart), and whose `logoutAll` (`POST /auth/logout-all`)
 * ends every session of the caller on every device. Both routes are public (`auth: false`, see
 * strapi-server.ts) so a role without the permission can still end its sessions; an absent or dead
 * token answers 401.
 */
export function withVersionedTokens(factory: Factory<Record<string, Action>>) {
  return (deps: { strapi: Core.Strapi }) => {
    const controller = build(factory, deps);
    const { strapi } = deps;
    for (const name of ISSUING_ACTIONS) {
      const action = controller[name];
      if (typeof action !== 'function') continue;
      controller[name] = async (ctx: AppContext, ...rest: unknown[]) => {
        const result = await action.call(controller, ctx, ...rest);
        const answer = ctx.body as { jwt?: unknown; user?: { id?: unknown } } | undefined; // the stock `{jwt, user}`
        const userId = Number(answer?.user?.id);
        if (legacyMode(strapi) && typeof answer?.jwt === 'string' && Number.isSafeInteger(userId)) {
          answer.jwt = await issueSessionToken(strapi, userId);
        }
        return result;
      };
    }
    /** The caller's live token payload (verified: signature, version, not ended), or null. */
    const livePayload = async (ctx: AppContext) => {
      const jwt = strapi.plugin('users-permissions').service('jwt') as JwtService;
      const payload = await Promise.resolve(jwt.getToken(ctx)).catch(() => null);
      return payload && Number.isSafeInteger(Number(payload.id)) ? payload : null;
    };
    const logout = controller.logout;
    controller.logout = async (ctx: AppContext, ...rest: unknown[]) => {
      if (!legacyMode(strapi)) return logout.call(controller, ctx, ...rest);
      const payload = await livePayload(ctx);
      if (!payload) return ctx.unauthorized('Sessão inválida ou já encerrada.');
      const id = Number(payload.id);
      if (typeof payload.sid === 'string' && Number.isFinite(payload.exp)) await endSession(strapi, id, payload.sid, Number(payload.exp));
      else await revokeSessions(strapi, id);
      ctx.body = { ok: true };
    };
    controller.logoutAll = async (ctx: AppContext) => {
      const payload = legacyMode(strapi) ? await livePayload(ctx) : null;
      if (!payload) return ctx.unauthorized('Sessão inválida ou já encerrada.');
      await revokeSessions(strapi, Number(payload.id));
      ctx.body = { ok: true };
    };
    return controller;
  };
}
