import type { Core } from '@strapi/strapi';

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
export function isAdminUser(user: any): boolean {
  if (!user) return false;
  return user.type === 'admin' || user.role?.type === 'administrador';
}

/**
 * Resolves the scope of `user` (ctx.state.user, as set by users-permissions: id, type, role).
 * Throws nothing; an unknown type is treated as salesman (the narrowest scope with reads).
 */
export async function getScope(strapi: Core.Strapi, user: any): Promise<Scope> {
  if (isAdminUser(user)) return { kind: 'all', userId: user.id, partyUserId: null };
  if (user.type === 'company' || user.type === 'dispatcher') {
    return { kind: user.type, userId: user.id, partyUserId: user.id };
  }
  const full: any = await strapi.db.query('plugin::users-permissions.user').findOne({
    where: { id: user.id },
    populate: { company_id: { populate: { user_id: true } } },
  });
  return { kind: 'salesman', userId: user.id, partyUserId: full?.company_id?.user_id?.id ?? null };
}
