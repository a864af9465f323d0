// No zod here: this module is on every page, /login included; the schemas load with the first call.
import { api } from '../api/client';
import type { PermissionTree } from '../permissions';

import type { SessionUser } from './schemas';

export type { SessionUser } from './schemas';

let schemasModule: Promise<typeof import('./schemas')> | undefined;
const schemas = () => (schemasModule ??= import('./schemas'));

/** POST /auth/local (spec 000 §7): `{identifier, password}` → `{jwt}`. @throws ApiError */
export async function authenticate(identifier: string, password: string): Promise<{ jwt: string }> {
  return api.post('/auth/local', { identifier, password }, { schema: (await schemas()).jwtAnswerSchema });
}

/** GET /users/me?populate=role. @throws ApiError */
export async function fetchMe(): Promise<SessionUser> {
  return api.get('/users/me', { query: { populate: 'role' }, schema: (await schemas()).sessionUserSchema });
}

/** GET /users-permissions/roles/{id} → the role's permission tree. @throws ApiError */
export async function fetchRolePermissions(roleId: number): Promise<PermissionTree> {
  const answer = await api.get(`/users-permissions/roles/${roleId}`, { schema: (await schemas()).roleAnswerSchema });
  return answer.role.permissions as PermissionTree;
}

/**
 * POST /auth/logout with `token` (explicitly: storage may be cleared meanwhile): the server
 * refuses every earlier token of the user from then on (docs/decisions.md "POST /auth/logout and POST /auth/logout-all").
 * @throws ApiError (401 when the token was already dead)
 */
export async function revokeToken(token: string): Promise<void> {
  await api.post('/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
}
