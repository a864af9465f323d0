import { z } from 'zod';
import { strapiIdSchema } from '@/lib/api/strapi';
import { formatDocument } from '@/lib/document';

/**
 * Users (users-permissions) as other records reference them (spec 000 §3, spec 001 §3): the
 * reference schema of a populated relation and its display name. The users screens fill in
 * the full record, form and list search here.
 */

/** A users-permissions user as populated on a relation (seller, dealership, dispatcher). */
export const userRefSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string().optional(),
  username: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  type: z.string().nullish(),
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
 * with id, documentId, name and type only (no username/e-mail: docs/decisions.md "Security: files
 * and relations"), so `name` comes first.
 */
export function userRefLabel(ref: UserRef | { id: number } | null | undefined): string {
  if (!ref) return '';
  const user = ref as UserRef;
  return user.name || (user.username ? formatDocument(user.username) : '');
}
