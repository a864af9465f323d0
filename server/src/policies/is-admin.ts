import { errors } from '@strapi/utils';
import { isAdminUser } from '../utils/scope';
import type { AppPolicyContext } from '../utils/types';

/**
 * `global::is-admin`: lets the request through only for administrators
 * (user.type admin or role type administrador); others get 403 with a readable message.
 * Use in a route's config.policies on top of the role permission.
 */
export default (policyContext: AppPolicyContext) => {
  if (isAdminUser(policyContext.state.user)) return true;
  throw new errors.PolicyError('Apenas administradores podem realizar esta ação.', { policy: 'is-admin' });
};
