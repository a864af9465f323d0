// zod/mini: see lib/api/strapi.ts.
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api/client';
import { strapiIdSchema } from '@/lib/api/strapi';
import { formatDocument } from '@/lib/document';
import { userQueryKey } from '@/lib/session';
import { LOOKUP_STALE_MS } from './lookup';

/**
 * Users (users-permissions) as other records reference them (spec 000 §3, spec 001 §3): the
 * reference schema of a populated relation, its display name, and the selects' users of one type.
 */

/** A users-permissions user as populated on a relation (seller, dealership, dispatcher). */
export const userRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  username: z.nullish(z.string()),
  name: z.nullish(z.string()),
  email: z.nullish(z.string()),
  type: z.nullish(z.string()),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** Display name of a user relation: name, else username, else email. */
export function userDisplayName(user: { name?: string | null; username?: string | null; email?: string | null } | null | undefined): string {
  return user?.name || user?.username || user?.email || '';
}

/** Name of a populated user relation ('' when missing or a bare id). */
export function refUserName(ref: UserRef | { id: number } | null | undefined): string {
  return ref && ('username' in ref || 'name' in ref) ? userDisplayName(ref as UserRef) : '';
}

/**
 * Label of a populated user relation in lists (e.g. the orders' "Vendedor" column): `name`, else
 * the username formatted as CPF/CNPJ, else ''. Non-administrators get other companies' users
 * with id, documentId, name and type only (no username/e-mail: docs/decisions.md "What a caller
 * sees of other users"), so `name` comes first.
 */
export function userRefLabel(ref: UserRef | { id: number } | null | undefined): string {
  if (!ref) return '';
  const user = ref as UserRef;
  return user.name || (user.username ? formatDocument(user.username) : '');
}

/** The user types the selects list. */
export type LookupUserType = 'dispatcher' | 'company';

/** Users of a type for a select: `filters[type][$eq]=dispatcher|company&pagination[pageSize]=100` (spec 001 §7, §9). */
export function usersByTypeQuery(type: LookupUserType): Record<string, unknown> {
  return { filters: { type: { $eq: type } }, pagination: { pageSize: 100 } };
}

/** `GET /users` answers a bare array (users-permissions); accept `{data}` too. */
const usersAnswer = z.union([z.array(userRefSchema), z.looseObject({ data: z.array(userRefSchema) })]);

/**
 * Users of a type (dispatcher | company), up to 100, for the selects (spec 001 §7, §9): a cached
 * lookup (the users declaration), refreshed after user and dispatcher company writes.
 */
export const usersByType = (type: LookupUserType) =>
  queryOptions({
    queryKey: userQueryKey('users', 'by-type', type),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/users', { query: usersByTypeQuery(type), schema: usersAnswer, signal });
      return Array.isArray(answer) ? answer : answer.data;
    },
    staleTime: LOOKUP_STALE_MS,
  });
