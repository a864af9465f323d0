import { errors } from '@strapi/utils';

const { ValidationError } = errors;
const ROLE = 'plugin::users-permissions.role';

/** "Concessionária Sul" → "concessionaria_sul" (the stock rule for a role's type). */
export function roleTypeOf(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Checks a role body before the stock createRole/updateRole (spec 000 §5 "Role form"):
 * name 1–100 ('Nome é obrigatório'), description ≤ 255, type ≤ 100 (normalised like the stock
 * rule and unique), permissions an object tree. Throws ValidationError (400).
 */
export async function validateRoleBody(body: any, roleId: number | null) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('Corpo da requisição inválido.');
  const creating = roleId === null;
  if (creating || 'name' in body) {
    if (typeof body.name !== 'string' || !body.name.trim()) throw new ValidationError('Nome é obrigatório');
    if (body.name.length > 100) throw new ValidationError('Nome deve ter no máximo 100 caracteres');
    body.name = body.name.trim();
  }
  if ('description' in body && body.description != null) {
    if (typeof body.description !== 'string') throw new ValidationError('Descrição inválida');
    if (body.description.length > 255) throw new ValidationError('Descrição deve ter no máximo 255 caracteres');
  }
  if ('permissions' in body && body.permissions != null && (typeof body.permissions !== 'object' || Array.isArray(body.permissions))) {
    throw new ValidationError('Permissões inválidas: envie a árvore api → controllers → ações.');
  }
  if (creating) {
    const type = roleTypeOf(typeof body.type === 'string' && body.type.trim() ? body.type : body.name);
    if (!type || type.length > 100) throw new ValidationError('Tipo do papel inválido');
    const clash = await strapi.db.query(ROLE).findOne({ where: { type }, select: ['id'] });
    if (clash) throw new ValidationError(`Já existe um papel do tipo "${type}".`);
    body.type = type;
    for (const key of Object.keys(body)) if (!['name', 'description', 'type', 'permissions', 'users'].includes(key)) delete body[key];
  }
}

/** Role types that cannot be deleted: the stock ones (spec 000 §2.7) and the administrators' (lock-out). */
export const UNDELETABLE_ROLE_TYPES = ['public', 'authenticated', 'administrador'];

/** Wraps the stock role controller's createRole/updateRole/deleteRole with the checks above. */
export function guardRoleController(controller: any) {
  const { createRole, updateRole, deleteRole } = controller;
  controller.deleteRole = async (ctx: any) => {
    const id = Number(ctx.params.role);
    if (!Number.isInteger(id) || id < 1) throw new ValidationError('Id de papel inválido.');
    const role = await strapi.db.query(ROLE).findOne({ where: { id }, select: ['type'] });
    if (role && UNDELETABLE_ROLE_TYPES.includes(role.type)) {
      throw new ValidationError(`O papel "${role.type}" não pode ser excluído.`);
    }
    return deleteRole(ctx);
  };
  controller.createRole = async (ctx: any) => {
    await validateRoleBody(ctx.request.body, null);
    return createRole(ctx);
  };
  controller.updateRole = async (ctx: any) => {
    const id = Number(ctx.params.role);
    if (!Number.isInteger(id) || id < 1) throw new ValidationError('Id de papel inválido.');
    await validateRoleBody(ctx.request.body, id);
    return updateRole(ctx);
  };
}
