import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// zod/mini (issue 14): see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api, isApiError, pagedSchema, strapiIdSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { userRefSchema, userSchema, type User } from './schema';

/**
 * The data layer of users (`/users`, users-permissions; spec 000 §3, §7): the list and detail of
 * the users screens, their writes, the role options of the 'Permissão' select, and the lookup of
 * users of one type for other screens' selects.
 */

export type LookupUserType = 'dispatcher' | 'company';

export const userKeys = {
  all: () => userQueryKey('users'),
  byType: (type: LookupUserType) => [...userKeys.all(), 'by-type', type] as const,
  list: (input: ListQueryInput) => [...userKeys.all(), 'list', input] as const,
  detail: (id: string) => [...userKeys.all(), 'detail', id] as const,
};

/** Users of a type for a select: `filters[type][$eq]=dispatcher|company&pagination[pageSize]=100` (spec 001 §7, §9). */
export function usersByTypeQuery(type: LookupUserType): Record<string, unknown> {
  return { filters: { type: { $eq: type } }, pagination: { pageSize: 100 } };
}

/** `GET /users` answers a bare array (users-permissions); accept `{data}` too. */
const usersAnswer = z.union([z.array(userRefSchema), z.looseObject({ data: z.array(userRefSchema) })]);

const userPage = pagedSchema(userSchema);

/** The server-side part of the list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const userListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/**
 * Strapi query of the users list (spec 000 §7 "GET /users"): every relation populated; id and
 * blocked `$eq` (blocked as a boolean), username, email and name `$containsi`. A username typed
 * with its mask (529.982...) is searched as the bare characters the server stores.
 */
export function userListQuery(input: ListQueryInput): Record<string, unknown> {
  const filters = input.filters?.username ? { ...input.filters, username: input.filters.username.replace(/[\s.\-/]/g, '') } : input.filters;
  return { populate: '*', ...toStrapiListQuery({ ...input, ...(filters ? { filters } : {}) }, { id: '$eq', blocked: '$eq' }) };
}

const rolesAnswer = z.object({
  roles: z.array(z.looseObject({ id: strapiIdSchema, name: z.string(), type: z.nullish(z.string()), description: z.nullish(z.string()) })),
});
export type RoleOption = z.infer<typeof rolesAnswer>['roles'][number];

const dealershipsAnswer = pagedSchema(
  z.looseObject({ id: strapiIdSchema, documentId: z.optional(z.string()), trade_name: z.nullish(z.string()), legal_name: z.nullish(z.string()) }),
);
export type DealershipOption = z.infer<typeof dealershipsAnswer>['data'][number];

/** A 4xx is the answer (not found, forbidden): no retry. */
const retryUnlessClientError = (count: number, error: Error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1;

export const userQueries = {
  /** Users of a type (dispatcher | company), up to 100, for selects (spec 001 §7, §9). */
  byType: (type: LookupUserType) =>
    queryOptions({
      queryKey: userKeys.byType(type),
      queryFn: async ({ signal }) => {
        const answer = await api.get('/users', { query: usersByTypeQuery(type), schema: usersAnswer, signal });
        return Array.isArray(answer) ? answer : answer.data;
      },
      staleTime: 5 * 60_000,
    }),
  /** GET /users for the list screen; a failure toasts 'Erro ao carregar os usuários: {message}' (spec 000 §8) and shows the empty list. */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: userKeys.list(input),
      queryFn: ({ signal }) => api.get('/users', { query: userListQuery(input), schema: userPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os usuários: {message}' },
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
 * PUT /users/{id} with the fields directly, not wrapped (spec 000 §7).
 * @throws Error('ID não fornecido') without an id (spec 000 §8); ApiError from the server
 */
export async function updateUser(id: number | string | undefined, fields: Record<string, unknown>): Promise<User> {
  if (id === undefined || id === null || id === '') throw new Error('ID não fornecido');
  return api.put(`/users/${encodeURIComponent(String(id))}`, fields, { schema: userSchema });
}

/** The list switch (spec 000 §4 "User active/blocked"): PUT /users/{id} `{blocked}`. @throws ApiError */
export async function setUserBlocked(id: number, blocked: boolean): Promise<void> {
  await api.put(`/users/${id}`, { blocked });
}

/** DELETE /users/{id}. @throws ApiError */
export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${id}`);
}
