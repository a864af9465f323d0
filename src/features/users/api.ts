import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';
import { userQueryKey } from '@/lib/session';
import { userRefSchema } from './schema';

/**
 * The data layer of users (`/users`, users-permissions; spec 000 §3). Today: the lookup of
 * users of one type for selects; the users screens add the list, detail and writes.
 */

export type LookupUserType = 'dispatcher' | 'company';

export const userKeys = {
  all: () => userQueryKey('users'),
  byType: (type: LookupUserType) => [...userKeys.all(), 'by-type', type] as const,
};

/** Users of a type for a select: `filters[type][$eq]=dispatcher|company&pagination[pageSize]=100` (spec 001 §7, §9). */
export function usersByTypeQuery(type: LookupUserType): Record<string, unknown> {
  return { filters: { type: { $eq: type } }, pagination: { pageSize: 100 } };
}

/** `GET /users` answers a bare array (users-permissions); accept `{data}` too. */
const usersAnswer = z.union([z.array(userRefSchema), z.object({ data: z.array(userRefSchema) }).passthrough()]);

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
};
