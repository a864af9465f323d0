import { errors } from '@strapi/utils';
import { isAdminUser } from '../utils/scope';
import type { AppPolicyContext } from '../utils/types';

/**
 * `global::is-admin`: lets the request through only for administrators
 * (user.type admin or role type administrador); others get 403 with a readable message — the
 * route's own (`{ name: 'global::is-admin', config: { message: 'Apenas administradores podem excluir despachantes.' } }`,
 * the text the PWA shows beside the control it disables) or a general one.
 * Use in a route's config.policies on top of the role permission.
 */
export default (policyContext: AppPolicyContext, config?: { message?: string }) => {
  if (isAdminUser(policyContext.state.user)) return true;
  throw new errors.PolicyError(config?.message ?? 'Apenas administradores podem realizar esta ação.', { policy: 'is-admin' });
};
