import { guardRoleController } from './role-validation';
import { userController } from './user-controller';
import { isCpfOrCnpj, normalizeDocument } from '../../utils/documents';

/**
 * users-permissions extension (issue 2 "The calls"; spec 000 §7):
 * user controller overrides (me, find, findOne, create, update), the custom
 * POST /users/:id/change-password action, and the self-or-admin policy on the
 * routes that address one user.
 */
export default (plugin: any) => {
  Object.assign(plugin.controllers.user, userController);
  guardRoleController(plugin.controllers.role);

  // POST /auth/local: a CPF/CNPJ identifier may come punctuated ("529.982.247-25") or with lower-case
  // letters (alphanumeric CNPJ); usernames are stored bare and upper-cased.
  const authFactory = plugin.controllers.auth; // a factory ({strapi}) => controller in 5.54
  plugin.controllers.auth = (deps: any) => {
    const controller = typeof authFactory === 'function' ? authFactory(deps) : authFactory;
    const callback = controller.callback;
    controller.callback = async (ctx: any) => {
      const body = ctx.request.body;
      if (body && typeof body.identifier === 'string' && !body.identifier.includes('@')) {
        const bare = normalizeDocument(body.identifier);
        if (isCpfOrCnpj(bare)) body.identifier = bare;
      }
      return callback.call(controller, ctx);
    };
    return controller;
  };

  const routes: any[] = plugin.routes['content-api'].routes;
  routes.push({
    method: 'POST',
    path: '/users/:id/change-password',
    handler: 'user.changePassword',
    config: { prefix: '', policies: ['global::self-or-admin'] },
  });
  for (const route of routes) {
    if (['user.update', 'user.findOne', 'user.destroy'].includes(route.handler)) {
      route.config = { ...(route.config ?? {}), policies: [...(route.config?.policies ?? []), 'global::self-or-admin'] };
    }
  }
  return plugin;
};
