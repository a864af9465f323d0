import { guardRoleController } from './role-validation';
import { userController } from './user-controller';

/**
 * users-permissions extension (issue 2 "The calls"; spec 000 §7):
 * user controller overrides (me, find, findOne, create, update), the custom
 * POST /users/:id/change-password action, and the self-or-admin policy on the
 * routes that address one user.
 */
export default (plugin: any) => {
  Object.assign(plugin.controllers.user, userController);
  guardRoleController(plugin.controllers.role);

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
