import { errors } from '@strapi/utils';
import { relationId } from './user-fields';
import type { Json } from '../../utils/types';

const { PolicyError } = errors;
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';

/** The refusal's text (403 PolicyError, shown by the users screens as the server's reason). */
export const LAST_ADMINISTRATOR_MESSAGE =
  'Não é possível remover o último administrador ativo: dê o papel Administrador a outro usuário antes de bloquear, excluir ou mudar o papel deste.';

/** A user as these checks read it: blocked and the role's type. */
interface AdminView {
  id: number;
  blocked?: unknown;
  role?: { type?: unknown } | null;
}

/**
 * A user who can put things back: not blocked and in the administrators' role (the role's permissions are what
 * let him manage users and roles; `type: 'admin'` alone widens the data scope, scope.ts isAdminUser, but an
 * administrator moved to the vendedor role can no longer open the users screen).
 */
const activeAdministrator = (user: AdminView) => user.blocked !== true && user.role?.type === 'administrador';

/** How many active administrators there are besides user `id`. */
async function otherActiveAdministrators(id: number): Promise<number> {
  return strapi.db.query(USER).count({
    where: {
      $and: [{ id: { $ne: id } }, { $or: [{ blocked: false }, { blocked: { $null: true } }] }, { role: { type: 'administrador' } }],
    },
  });
}

/**
 * The role row `fields.role` names, read after the controller rewrote the update's relations into ids
 * (utils/relations.ts `canonicalRelations`); the current role when the update keeps it, null when it clears it.
 */
async function nextRole(fields: Json, current: AdminView['role']): Promise<AdminView['role']> {
  if (!('role' in fields)) return current;
  const ref = relationId(fields.role);
  if (ref === undefined) return current;
  if (typeof ref !== 'number') return null;
  return (await strapi.db.query(ROLE).findOne({ where: { id: ref }, select: ['type'] })) as AdminView['role'];
}

/**
 * Refuses (403, {@link LAST_ADMINISTRATOR_MESSAGE}) an update of `current` (its row with `role` populated) by
 * `fields` (the checked update, its relations as ids) that would leave no active administrator: blocking the last one or moving him to
 * another role. Without one, nobody could unblock anyone, edit roles or users again through the app.
 * Not atomic with the write: two administrators demoting each other at the same instant can both pass.
 */
export async function assertUpdateKeepsAnAdministrator(current: AdminView, fields: Json): Promise<void> {
  if (!activeAdministrator(current)) return;
  const next: AdminView = {
    id: current.id,
    blocked: 'blocked' in fields ? fields.blocked : current.blocked,
    role: await nextRole(fields, current.role),
  };
  if (activeAdministrator(next)) return;
  if ((await otherActiveAdministrators(current.id)) === 0) throw new PolicyError(LAST_ADMINISTRATOR_MESSAGE);
}

/** Refuses (403) deleting user `id` when he is the last active administrator (see assertUpdateKeepsAnAdministrator). */
export async function assertDeleteKeepsAnAdministrator(id: number): Promise<void> {
  const user = (await strapi.db
    .query(USER)
    .findOne({ where: { id }, select: ['id', 'blocked'], populate: { role: { select: ['type'] } } })) as AdminView | null;
  if (!user || !activeAdministrator(user)) return;
  if ((await otherActiveAdministrators(id)) === 0) throw new PolicyError(LAST_ADMINISTRATOR_MESSAGE);
}
