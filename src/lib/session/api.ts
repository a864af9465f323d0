import { z } from 'zod';
import { api } from '../api';
import type { PermissionTree } from '../permissions';

/** The signed-in user as `GET /users/me?populate=role` returns it (spec 000 §3 User). */
export const sessionUserSchema = z
  .object({
    id: z.number(),
    documentId: z.string().optional(),
    username: z.string(),
    email: z.string().nullish(),
    name: z.string().nullish(),
    type: z.string().nullish(),
    phone_number: z.string().nullish(),
    blocked: z.boolean().nullish(),
    role: z
      .object({ id: z.number(), name: z.string(), type: z.string().nullish(), description: z.string().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();
export type SessionUser = z.infer<typeof sessionUserSchema>;

const actionSchema = z.object({ enabled: z.boolean(), policy: z.string().optional() }).passthrough();
const treeSchema = z.record(
  z.string(),
  z.object({ controllers: z.record(z.string(), z.record(z.string(), actionSchema)) }).passthrough(),
);
const roleAnswerSchema = z.object({
  role: z.object({ id: z.number(), name: z.string(), permissions: treeSchema.default({}) }).passthrough(),
});

/** POST /auth/local (spec 000 §7): `{identifier, password}` → `{jwt}`. @throws ApiError */
export async function authenticate(identifier: string, password: string): Promise<{ jwt: string }> {
  return api.post('/auth/local', { identifier, password }, { schema: z.object({ jwt: z.string() }).passthrough() });
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
