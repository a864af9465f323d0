import type { Core } from '@strapi/strapi';
import { guardRoleController } from './role-validation';
import { userController } from './user-controller';
import { isCpfOrCnpj, normalizeDocument } from '../../utils/documents';
import {
  useSecretKeyObject,
  withAuthenticatedUserReuse,
  withRevocationOnEdit,
  withTokenVersionCheck,
  withVersionedTokens,
  type Action,
  type Factory,
  type JwtService,
  type UserService,
} from './sessions';
import { withUniformForgotPassword } from './forgot-password';
import { interceptContentApiStrategies } from './auth-strategies';
import { authRateLimit } from './rate-limit';
import { inlineRoleUsersSanitizer } from '../../utils/output-sanitizer';
import { userDestroyNotFound } from '../../utils/delete-not-found';
import { assertDeleteKeepsAnAdministrator } from './last-administrator';
import type { AppContext } from '../../utils/types';
import { userExportRoute } from './user-export';
import { withoutHistory } from '../../utils/history/record';

/**
 * users-permissions extension (spec 000 §7):
 * user controller overrides (me, find, findOne, create, update), the custom
 * POST /users/:id/change-password action, and the self-or-admin policy on the
 * routes that address one user; token revocation (sessions.ts): versioned JWTs, refused after a
 * password change, a block or a logout; forgot-password doing the same work for known and unknown addresses (forgot-password.ts);
 * the /auth rate limit per address and identifier (rate-limit.ts); role reads and names
 * (role-validation.ts).
 */
/**
 * The parts of the users-permissions plugin this extension rewrites, as Strapi hands them over:
 * raw definitions, where a controller or service may be an object or its `({strapi}) => object`
 * factory (Strapi's `Core.Plugin` types them as built objects, which `auth` is not in 5.54).
 */
interface UsersPermissionsPlugin {
  controllers: { user: Record<string, Action>; role: Record<string, Action>; auth: Factory<Record<string, Action>> };
  services: { jwt: Factory<JwtService>; user: Factory<UserService>; permission: Factory<PermissionService> };
  middlewares: Record<string, unknown>;
  register?: (deps: { strapi: Core.Strapi }) => unknown;
  bootstrap?: (deps: { strapi: Core.Strapi }) => unknown;
  routes: Record<string, { routes: Core.RouteInput[] }>;
  contentTypes: Record<string, { schema: { indexes?: { name: string; columns: string[]; type?: string }[] } }>;
}

/** What we use of users-permissions' permission service. */
interface PermissionService {
  findRolePermissions(roleID: unknown): Promise<unknown[]>;
}

/**
 * user service whose `remove` runs in a transaction: the stock one is a bare query-engine delete, and the
 * delete's history entry (utils/history, written by its lifecycle) must commit or fail with it. `add` and
 * `edit` go through the Document Service, which already runs each in a transaction.
 */
function withAtomicRemove(factory: (deps: { strapi: Core.Strapi }) => UserService) {
  return (deps: { strapi: Core.Strapi }): UserService => {
    const service = factory(deps);
    const remove = service.remove?.bind(service);
    if (remove) service.remove = async (params: Record<string, unknown>) => deps.strapi.db.transaction(async () => remove(params));
    return service;
  };
}

export default (plugin: UsersPermissionsPlugin) => {
  // Runs while the plugins load, before any module's register: the content-API strategies that
  // the admin and this plugin register next are cut to the statements a request needs.
  const running = (globalThis as { strapi?: Core.Strapi }).strapi;
  if (running) interceptContentApiStrategies(running);
  // The output sanitizer the plugin registers (a role's users removed) is applied inside our
  // one-pass output sanitiser (utils/output-sanitizer.ts), which then skips it.
  const register = plugin.register;
  if (register) {
    plugin.register = async (deps: { strapi: Core.Strapi }) => {
      const before = new Set(deps.strapi.sanitizers.get('content-api.output'));
      await register(deps);
      for (const sanitizer of deps.strapi.sanitizers.get('content-api.output')) if (!before.has(sanitizer)) inlineRoleUsersSanitizer(sanitizer);
    };
  } // jsonwebtoken turns a string secret into a key on every verify, trying it as a PEM public key
  // first (an exception per request): once the plugin has its secret (its bootstrap may generate
  // it), the legacy JWTs are signed and verified with the same bytes as a ready secret KeyObject.
  // The bootstrap's first run also creates the stock roles: the installation's first state, not history
  // (like our seed, utils/history/record.ts).
  const bootstrap = plugin.bootstrap;
  if (bootstrap) {
    plugin.bootstrap = async (deps: { strapi: Core.Strapi }) => {
      await withoutHistory(async () => bootstrap(deps));
      useSecretKeyObject(deps.strapi);
    };
  }

  Object.assign(plugin.controllers.user, userController);
  // a role's type is unique (the stock service checks it before its insert, which two creates at once both pass):
  // the index makes the database refuse the second, and guardRoleController answers it as the check does
  const role = plugin.contentTypes.role.schema;
  role.indexes = [...(role.indexes ?? []), { name: 'up_roles_type_unique', columns: ['type'], type: 'unique' }];
  guardRoleController(plugin.controllers.role);
  const destroy = plugin.controllers.user.destroy;
  // the last active administrator is never deleted (last-administrator.ts), whoever asks
  plugin.controllers.user.destroy = userDestroyNotFound(async (ctx: AppContext) => {
    await assertDeleteKeepsAnAdministrator(Number(ctx.params.id));
    return destroy(ctx);
  });

  plugin.services.jwt = withTokenVersionCheck(plugin.services.jwt);
  plugin.services.user = withAtomicRemove(withAuthenticatedUserReuse(withRevocationOnEdit(plugin.services.user)));
  // The strategy reads the caller's role permissions on every request (kept: role edits apply at
  // once, on every instance) with `load(role, 'permissions')`, two statements; the same rows in one.
  const permissionFactory = plugin.services.permission;
  plugin.services.permission = (deps: { strapi: Core.Strapi }) => {
    const service =
      typeof permissionFactory === 'function' ? (permissionFactory as (d: { strapi: Core.Strapi }) => PermissionService)(deps) : permissionFactory;
    service.findRolePermissions = (roleID: unknown) =>
      deps.strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: { id: roleID } } });
    return service;
  };

  plugin.middlewares.rateLimit = authRateLimit;

  // POST /auth/local: a CPF/CNPJ identifier may come punctuated ("529.982.247-25") or with lower-case
  // letters (alphanumeric CNPJ); usernames are stored bare and upper-cased. The stock controller is a
  // factory ({strapi}) => controller in 5.54.
  const authFactory = withVersionedTokens(withUniformForgotPassword(plugin.controllers.auth));
  plugin.controllers.auth = (deps: { strapi: Core.Strapi }) => {
    const controller = authFactory(deps);
    const callback = controller.callback;
    controller.callback = async (ctx: AppContext) => {
      const body: { identifier?: unknown } | undefined = ctx.request.body;
      if (body && typeof body.identifier === 'string' && !body.identifier.includes('@')) {
        const bare = normalizeDocument(body.identifier);
        if (isCpfOrCnpj(bare)) body.identifier = bare;
      }
      return callback.call(controller, ctx);
    };
    return controller;
  };

  const routes = plugin.routes['content-api'].routes;
  // "Exportar" of the users list, ahead of `/users/:id` (user-export.ts)
  routes.unshift(userExportRoute);
  routes.push({
    method: 'POST',
    path: '/users/:id/change-password',
    handler: 'user.changePassword',
    config: { prefix: '', policies: ['global::self-or-admin'], middlewares: ['plugin::users-permissions.rateLimit'] },
  });
  // "Sair de todos os dispositivos": ends every session of the caller (sessions.ts)
  routes.push({ method: 'POST', path: '/auth/logout-all', handler: 'auth.logoutAll', config: { prefix: '', auth: false } });
  for (const route of routes) {
    // Logout verifies the bearer token itself (sessions.ts), so every role can end its session.
    if (route.handler === 'auth.logout') route.config = { ...(route.config ?? {}), auth: false };
    if (typeof route.handler === 'string' && ['user.update', 'user.findOne', 'user.destroy'].includes(route.handler)) {
      route.config = { ...(route.config ?? {}), policies: [...(route.config?.policies ?? []), 'global::self-or-admin'] };
    }
  }
  return plugin;
};
