import type { Core } from '@strapi/strapi';
import { rolePermissions } from '../../utils/role-permissions-cache';

/**
 * The content API's authentication strategies, cut to the statements a request needs
 * (docs/performance.md "The API's request path"). Strapi tries every content-API strategy in order
 * on every request: first the admin's `content-api-token` (API tokens), then users-permissions'. Both are Strapi's objects, registered through `strapi.get('auth').register`
 * by the admin's and the plugin's `register`; {@link interceptContentApiStrategies} wraps that
 * registration (before any module registers) and changes two things, the answers staying Strapi's:
 *
 * - `content-api-token` does not look a JWT-shaped bearer up in `strapi_api_tokens`: API tokens
 *   are random hex strings (`crypto.randomBytes(128).toString('hex')`, the only way Strapi 5.54
 *   makes one), so a token with dots is never found and the strategy's answer is already known —
 *   `{authenticated: false}`, the next strategy decides (one statement less per signed-in request).
 *   Any other bearer (an API token, garbage) is looked up as before.
 * - users-permissions' `authenticate` reads the plugin's "advanced" settings (a core-store row) only
 *   for a user that is not confirmed: the settings decide nothing else there (`email_confirmation
 *   && !user.confirmed` refuses), so for a confirmed user the read cannot change the answer (one
 *   statement less). The role's permissions come from utils/role-permissions-cache.ts (read again
 *   only when the role row, read with the user, shows a change). Otherwise it is the plugin's
 *   code, step by step: token, user, confirmation, block, role permissions, ability,
 *   `ctx.state.user`/`session`; the same answers and errors.
 */

/** A strategy as Strapi's auth registry holds it. */
export interface AuthStrategy {
  name: string;
  authenticate(ctx: unknown): unknown;
  verify?(auth: unknown, config: unknown): unknown;
}

/** The bearer token of a request, as the admin's `extractToken` reads it (null: none). */
export function bearerToken(ctx: { request?: { header?: { authorization?: unknown } } }): string | null {
  const header = ctx?.request?.header?.authorization;
  if (typeof header !== 'string' || !header) return null;
  const parts = header.split(/\s+/);
  if (parts[0].toLowerCase() !== 'bearer' || parts.length !== 2) return null;
  return parts[1];
}

/**
 * Strategies already changed: both are module singletons of Strapi's packages, so a second Strapi
 * in the same process (the tests' in-process instance) registers the same objects again.
 */
const PATCHED = new WeakSet<AuthStrategy>();

/** A JWS compact serialisation: three base64url segments (the last may be empty), two dots. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** True when `token` cannot be a Strapi API token (hex) because it is shaped like a JWT. */
export const isJwtShaped = (token: string | null): boolean => token !== null && JWT_SHAPE.test(token);

/** `content-api-token` whose `authenticate` answers `{authenticated: false}` at once for a JWT-shaped bearer. */
export function skipLookupForJwts(strategy: AuthStrategy): AuthStrategy {
  if (PATCHED.has(strategy)) return strategy;
  PATCHED.add(strategy);
  const authenticate = strategy.authenticate;
  strategy.authenticate = (ctx: unknown) => {
    if (isJwtShaped(bearerToken(ctx as never))) return Promise.resolve({ authenticated: false });
    return authenticate.call(strategy, ctx);
  };
  return strategy;
}

type Permission = { action: string };
interface PluginServices {
  jwt: { getToken(ctx: unknown): Promise<{ id?: unknown; sessionId?: unknown } | null> | null };
  user: { fetchAuthenticatedUser(id: unknown): Promise<{ confirmed?: unknown; blocked?: unknown; role: { id: unknown; updatedAt?: unknown } } | null> };
  permission: {
    findRolePermissions(roleID: unknown): Promise<Permission[]>;
    findPublicPermissions(): Promise<Permission[]>;
    toContentAPIPermission(p: Permission): Permission;
  };
}

/**
 * users-permissions' `authenticate` (5.54, strategies/users-permissions.js) with the advanced
 * settings read only when the user is not confirmed. Same results, errors and `ctx.state`.
 * `current()` gives the running Strapi (the plugin's code reads the global `strapi`).
 */
export function usersPermissionsAuthenticate(current: () => Core.Strapi) {
  const service = <K extends keyof PluginServices>(name: K) => current().plugin('users-permissions').service(name) as unknown as PluginServices[K];
  const ability = (permissions: Permission[]) => current().contentAPI.permissions.engine.generateAbility(permissions as never);
  return async (ctx: { state: Record<string, unknown> }) => {
    try {
      const token = await service('jwt').getToken(ctx);
      if (token) {
        const { id, sessionId } = token;
        if (id === undefined) return { authenticated: false };
        const user = await service('user').fetchAuthenticatedUser(id);
        if (!user) return { error: 'Invalid credentials' };
        if (!user.confirmed) {
          const advanced = (await current().store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) as {
            email_confirmation?: unknown;
          } | null;
          // the plugin reads `advancedSettings.email_confirmation` (a missing row throws there, too)
          if (advanced!.email_confirmation) return { error: 'Invalid credentials' };
        }
        if (user.blocked) return { error: 'Invalid credentials' };
        const permission = service('permission');
        // the role row read with the user carries its version: unchanged, no statement (utils/role-permissions-cache.ts)
        const rows = await rolePermissions(current(), user.role, (roleID) => permission.findRolePermissions(roleID));
        const permissions = rows.map((p) => permission.toContentAPIPermission(p));
        const userAbility = await ability(permissions);
        ctx.state.user = user;
        if (sessionId) ctx.state.session = { id: sessionId };
        return { authenticated: true, credentials: user, ability: userAbility };
      }
      const permission = service('permission');
      const publicPermissions = (await permission.findPublicPermissions()).map((p) => permission.toContentAPIPermission(p));
      if (publicPermissions.length === 0) return { authenticated: false };
      return { authenticated: true, credentials: null, ability: await ability(publicPermissions) };
    } catch {
      return { authenticated: false };
    }
  };
}

/**
 * Wraps `strapi.get('auth').register` so the two content-API strategies get the changes above as
 * they are registered. Call before the modules register (the users-permissions extension runs
 * while the plugins load, earlier than any `register`). Idempotent per registry.
 */
export function interceptContentApiStrategies(strapi: Core.Strapi): void {
  const registry = strapi.get('auth') as { register(type: string, strategy: AuthStrategy): unknown; __balcaoIntercepted?: boolean };
  if (!registry || registry.__balcaoIntercepted) return;
  registry.__balcaoIntercepted = true;
  const register = registry.register;
  registry.register = function (type: string, strategy: AuthStrategy) {
    if (type === 'content-api' && strategy?.name === 'content-api-token') skipLookupForJwts(strategy);
    if (type === 'content-api' && strategy?.name === 'users-permissions' && !PATCHED.has(strategy)) {
      PATCHED.add(strategy);
      strategy.authenticate = usersPermissionsAuthenticate(() => (globalThis as { strapi?: Core.Strapi }).strapi ?? strapi);
    }
    return register.call(this, type, strategy);
  };
}
