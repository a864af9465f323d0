// zod/mini and the client module directly: this runs on every page, /login included.
import * as z from 'zod/mini';
import { api } from '../api/client';
import type { PermissionTree } from '../permissions';

/** The signed-in user as `GET /users/me?populate=role` returns it (spec 000 §3 User). */
export const sessionUserSchema = z.looseObject({
  id: z.number(),
  documentId: z.optional(z.string()),
  username: z.string(),
  email: z.nullish(z.string()),
  name: z.nullish(z.string()),
  type: z.nullish(z.string()),
  phone_number: z.nullish(z.string()),
  blocked: z.nullish(z.boolean()),
  role: z.nullish(z.looseObject({ id: z.number(), name: z.string(), type: z.nullish(z.string()), description: z.nullish(z.string()) })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const actionSchema = z.looseObject({ enabled: z.boolean(), policy: z.optional(z.string()) });
const treeSchema = z.record(z.string(), z.looseObject({ controllers: z.record(z.string(), z.record(z.string(), actionSchema)) }));
const roleAnswerSchema = z.object({
  role: z.looseObject({ id: z.number(), name: z.string(), permissions: z._default(treeSchema, {}) }),
});

/** POST /auth/local (spec 000 §7): `{identifier, password}` → `{jwt}`. @throws ApiError */
export async function authenticate(identifier: string, password: string): Promise<{ jwt: string }> {
  return api.post('/auth/local', { identifier, password }, { schema: z.looseObject({ jwt: z.string() }) });
}

/** GET /users/me?populate=role. @throws ApiError */
export async function fetchMe(): Promise<SessionUser> {
  return api.get('/users/me', { query: { populate: 'role' }, schema: sessionUserSchema });
}

/** GET /users-permissions/roles/{id} → the role's permission tree. @throws ApiError */
export async function fetchRolePermissions(roleId: number): Promise<PermissionTree> {
  const answer = await api.get(`/users-permissions/roles/${roleId}`, { schema: roleAnswerSchema });
  return answer.role.permissions as PermissionTree;
}

/**
 * POST /auth/logout with `token` (explicitly: storage may be cleared meanwhile): the server
 * refuses every earlier token of the user from then on (docs/decisions.md "Security").
 * @throws ApiError (401 when the token was already dead)
 */
export async function revokeToken(token: string): Promise<void> {
  await api.post('/auth/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
}
