import { errors } from '@strapi/utils';
import { isAdminUser } from '../utils/scope';
import type { AppPolicyContext } from '../utils/types';

/**
 * `global::self-or-admin`: for routes with a numeric `:id` of a users-permissions user
 * (PUT /users/:id, GET /users/:id, POST /users/:id/change-password). Administrators may
 * address anyone; everybody else only themselves (403 with a readable message).
 */
export default (policyContext: AppPolicyContext) => {
  const user = policyContext.state.user;
  if (!user) return false;
  if (isAdminUser(user)) return true;
  if (String(policyContext.params?.id) === String(user.id)) return true;
  throw new errors.PolicyError('Você só pode acessar ou alterar o seu próprio usuário.', { policy: 'self-or-admin' });
};
