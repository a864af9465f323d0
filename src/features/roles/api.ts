import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import type { PermissionTree } from '@/lib/permissions';
import { userQueryKey } from '@/lib/session';
import { permissionsAnswerSchema, roleDetailAnswerSchema, roleListAnswerSchema, type Role, type RoleDetail } from './schema';

/**
 * The data layer of roles (spec 000 §7 "GET/POST/PUT/DELETE /users-permissions/roles",
 * "GET /users-permissions/permissions"). Roles are addressed by their numeric id.
 */
export const roleKeys = {
  all: () => userQueryKey('roles'),
  list: () => [...roleKeys.all(), 'list'] as const,
  detail: (id: string) => [...roleKeys.all(), 'detail', id] as const,
  permissions: () => [...roleKeys.all(), 'permissions'] as const,
};

const noRetryOn4xx = (count: number, error: Error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1;

export const roleQueries = {
  /** GET /users-permissions/roles: every role at once (the list pages them on the client). */
  list: () =>
    queryOptions({
      queryKey: roleKeys.list(),
      queryFn: async ({ signal }): Promise<Role[]> => (await api.get('/users-permissions/roles', { schema: roleListAnswerSchema, signal })).roles,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os papéis: {message}' },
    }),
  /** GET /users-permissions/roles/{id}: the role with its permission tree. */
  detail: (id: string) =>
    queryOptions({
      queryKey: roleKeys.detail(id),
      queryFn: async ({ signal }): Promise<RoleDetail> =>
        (await api.get(`/users-permissions/roles/${encodeURIComponent(id)}`, { schema: roleDetailAnswerSchema, signal })).role,
      retry: noRetryOn4xx,
    }),
  /** GET /users-permissions/permissions: every action the server knows (the base of a new role's tree). */
  permissions: () =>
    queryOptions({
      queryKey: roleKeys.permissions(),
      queryFn: async ({ signal }): Promise<PermissionTree> =>
        (await api.get('/users-permissions/permissions', { schema: permissionsAnswerSchema, signal })).permissions,
      staleTime: 5 * 60_000,
      retry: noRetryOn4xx,
    }),
};

/** The body of a role write: name, description, optional type, the permission tree (and users [] on create). */
export interface RoleWrite {
  name: string;
  description: string;
  type?: string;
  permissions: PermissionTree;
  users?: number[];
}

/** POST /users-permissions/roles (the server answers `{ok: true}`). @throws ApiError ('Erro ao criar papel') */
export async function createRole(body: RoleWrite): Promise<void> {
  await api.post('/users-permissions/roles', body);
}

/**
 * PUT /users-permissions/roles/{id}. The server replaces the role's whole action set with the
 * enabled actions of `permissions`. @throws ApiError ('Erro ao atualizar papel' / 'Erro ao atualizar permissões')
 */
export async function updateRole(id: number | string, body: Partial<RoleWrite> & { permissions: PermissionTree }): Promise<void> {
  await api.put(`/users-permissions/roles/${encodeURIComponent(String(id))}`, body);
}

/** DELETE /users-permissions/roles/{id}. @throws ApiError ('Não foi possível deletar o papel.') */
export async function deleteRole(id: number): Promise<void> {
  await api.delete(`/users-permissions/roles/${id}`);
}
