import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api, ifMatchHeaders, pagedSchema, strapiIdSchema, type ListQueryInput } from '@/lib/api';
import { listInput, retryUnlessClientError } from '@/lib/api/collection';
import { resourceListQuery } from '@/lib/api/list-query';
import { listRequestMeta } from '@/lib/api/list-request';
import { userQueryKey } from '@/lib/session';
import { userResource } from './resource';
import { userSchema, type User } from './schema';

/**
 * The data layer of users (`/users`, users-permissions; spec 000 §3, §7): the list and detail of
 * the users screens, their writes and the role options of the 'Permissão' select (users of one
 * type for other screens' selects are shared reference data: src/shared/users.ts).
 */

export const userKeys = {
  all: () => userQueryKey('users'),
  list: (input: ListQueryInput) => [...userKeys.all(), 'list', input] as const,
  detail: (id: string) => [...userKeys.all(), 'detail', id] as const,
};

const userPage = pagedSchema(userSchema);

/** The server-side part of the list's URL state (lib/api/collection.ts). */
export const userListInput = listInput;

/**
 * Strapi query of the users list (spec 000 §7 "GET /users"): its declaration's — every relation
 * populated; id and blocked `$eq`, username (typed with its mask: the bare characters), email and
 * name `$containsi`.
 */
export const userListQuery = (input: ListQueryInput): Record<string, unknown> => resourceListQuery(userResource, input);

const rolesAnswer = z.object({
  roles: z.array(z.looseObject({ id: strapiIdSchema, name: z.string(), type: z.nullish(z.string()), description: z.nullish(z.string()) })),
});
export type RoleOption = z.infer<typeof rolesAnswer>['roles'][number];

const dealershipsAnswer = pagedSchema(
  z.looseObject({ id: strapiIdSchema, documentId: z.optional(z.string()), trade_name: z.nullish(z.string()), legal_name: z.nullish(z.string()) }),
);
export type DealershipOption = z.infer<typeof dealershipsAnswer>['data'][number];

export const userQueries = {
  /** GET /users for the list screen; a failure toasts 'Erro ao carregar os usuários: {message}' (spec 000 §8) and shows the empty list. */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: userKeys.list(input),
      queryFn: ({ signal }) => api.get('/users', { query: userListQuery(input), schema: userPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os usuários: {message}', ...listRequestMeta('/users', userListQuery(input)) },
    }),
  /** GET /users/{id}?populate=* (numeric id, spec 000 §2.1). The form reports a failure itself (toast, back to /users). */
  detail: (id: string) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: ({ signal }) => api.get(`/users/${encodeURIComponent(id)}`, { query: { populate: '*' }, schema: userSchema, signal }),
      retry: retryUnlessClientError,
    }),
};

/**
 * GET /users-permissions/roles → the roles of the 'Permissão' select (spec 000 §6, §7). Keyed under
 * `userQueryKey('roles')`, so invalidating the roles screens' keys refreshes it.
 */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: [...userQueryKey('roles'), 'options'] as const,
    queryFn: async ({ signal }) => (await api.get('/users-permissions/roles', { schema: rolesAnswer, signal })).roles,
    staleTime: 5 * 60_000,
  });

/**
 * GET /companies?filters[type][$eq]=company, up to 100 by trade name: the dealerships a salesman
 * may sell for (the 'Concessionária' select of the user form; docs/decisions.md "Users screens").
 */
export const dealershipOptionsQuery = () =>
  queryOptions({
    queryKey: [...userQueryKey('companies'), 'dealership-options'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get('/companies', {
          query: { filters: { type: { $eq: 'company' } }, pagination: { page: 1, pageSize: 100 }, sort: ['trade_name:asc'] },
          schema: dealershipsAnswer,
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });

/** The body of POST /users (schema.ts `userFormToCreatePayload`). */
export type CreateUserBody = { data: Record<string, unknown> };

/** POST /users `{data}` (spec 000 §7). @throws ApiError (screen: server message or 'Erro ao criar usuário') */
export async function createUser(body: CreateUserBody): Promise<User> {
  return api.post('/users', body, { schema: userSchema });
}

/**
 * PUT /users/{id} with the fields directly, not wrapped (spec 000 §7), started from `version` (the
 * user's `updatedAt` as loaded: `If-Match`).
 * @throws Error('ID não fornecido') without an id (spec 000 §8); ApiError from the server (409 when the user changed since `version`)
 */
export async function updateUser(id: number | string | undefined, fields: Record<string, unknown>, version?: string): Promise<User> {
  if (id === undefined || id === null || id === '') throw new Error('ID não fornecido');
  return api.put(`/users/${encodeURIComponent(String(id))}`, fields, { headers: ifMatchHeaders(version), schema: userSchema });
}

/** The list switch (spec 000 §4 "User active/blocked"): PUT /users/{id} `{blocked}`. @throws ApiError */
export async function setUserBlocked(id: number, blocked: boolean): Promise<void> {
  await api.put(`/users/${id}`, { blocked });
}

/** DELETE /users/{id}. @throws ApiError */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${id}`);
}
