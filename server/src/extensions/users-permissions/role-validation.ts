import { errors } from '@strapi/utils';
import { isAdminUser } from '../../utils/scope';
import { recordRoleWrite } from '../../utils/history/record';
import { isUniqueViolation } from '../../utils/unique';
import type { Next } from 'koa';
import { parseId } from '../../utils/relations';
import { isObject, type AppContext } from '../../utils/types';

const { ValidationError, PolicyError } = errors;

/** A stock role action (Strapi's ControllerHandler, whose `next` the role actions never use). */
type Action = (ctx: AppContext, next?: Next) => unknown;
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

/** C0 and C1 control characters (NUL, ESC, DEL, ...): never in a role name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but a description may keep tabs and line breaks. */
// eslint-disable-next-line no-control-regex -- idem
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const TREE_MESSAGE = 'Permissões inválidas: envie a árvore api → controllers → ações.';

/**
 * `permissions` must be the tree the stock role service walks: `{ <api>: { controllers: {
 * <controller>: { <action>: { enabled: boolean } } } } }` — every level an object. The service
 * reads `type.controllers` of every api entry and `action.enabled` of every action, so a null or a
 * scalar anywhere was a TypeError (500) after the role row had already been written (found by the
 * PostgreSQL fuzz run, seed 1522346132). Throws ValidationError (400) naming the bad path.
 */
function assertPermissionTree(tree: unknown) {
  const bad = (path: string) => new ValidationError(`${TREE_MESSAGE} (${path})`);
  if (!isObject(tree)) throw new ValidationError(TREE_MESSAGE);
  for (const [api, node] of Object.entries(tree)) {
    if (!isObject(node)) throw bad(api);
    if (node.controllers === undefined) continue;
    if (!isObject(node.controllers)) throw bad(`${api}.controllers`);
    for (const [controller, actions] of Object.entries(node.controllers)) {
      if (!isObject(actions)) throw bad(`${api}.controllers.${controller}`);
      for (const [action, value] of Object.entries(actions)) {
        if (!isObject(value)) throw bad(`${api}.controllers.${controller}.${action}`);
      }
    }
  }
}

/**
 * Checks a role body before the stock createRole/updateRole (spec 000 §5 "Role form"):
 * name 1–100 without control characters ('Nome é obrigatório'), description ≤ 255 (tabs and line
 * breaks are its only control characters), type ≤ 100 (normalised like the stock
 * rule and unique), permissions an object tree. Throws ValidationError (400).
 */
export async function validateRoleBody(body: unknown, roleId: number | null) {
  if (!isObject(body)) throw new ValidationError('Corpo da requisição inválido.');
  const creating = roleId === null;
  if (creating || 'name' in body) {
    if (typeof body.name !== 'string' || !body.name.trim()) throw new ValidationError('Nome é obrigatório');
    if (body.name.length > 100) throw new ValidationError('Nome deve ter no máximo 100 caracteres');
    if (CONTROL.test(body.name)) throw new ValidationError('Nome não pode conter caracteres de controle.');
    body.name = body.name.trim();
  }
  if ('description' in body && body.description != null) {
    if (typeof body.description !== 'string') throw new ValidationError('Descrição inválida');
    if (body.description.length > 255) throw new ValidationError('Descrição deve ter no máximo 255 caracteres');
    if (CONTROL_EXCEPT_LINES.test(body.description)) throw new ValidationError('Descrição não pode conter caracteres de controle.');
  }
  if ('permissions' in body && body.permissions != null) assertPermissionTree(body.permissions);
  else if (!creating && body.permissions === null) throw new ValidationError(TREE_MESSAGE);
  if (creating) {
    const type = roleTypeOf(typeof body.type === 'string' && body.type.trim() ? body.type : (body.name as string)); // name checked above on create
    if (!type || type.length > 100) throw new ValidationError('Tipo do papel inválido');
    const clash = await strapi.db.query(ROLE).findOne({ where: { type }, select: ['id'] });
    if (clash) throw new ValidationError(`Já existe um papel do tipo "${type}".`);
    body.type = type;
    for (const key of Object.keys(body)) if (!['name', 'description', 'type', 'permissions', 'users'].includes(key)) delete body[key];
  }
}

/**
 * The role's enabled actions as a permission tree (`{<api>: {controllers: {<controller>: {<action>:
 * {enabled: true}}}}}`), from its permission rows.
 */
async function currentTree(roleId: number) {
  const rows: { action: string }[] = await strapi.db.query('plugin::users-permissions.permission').findMany({
    where: { role: { id: roleId } },
    select: ['action'],
  });
  const tree: Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }> = {};
  for (const { action } of rows) {
    const [api, controller, name] = action.split('.');
    if (!api || !controller || !name) continue;
    ((tree[api] ??= { controllers: {} }).controllers[controller] ??= {})[name] = { enabled: true, policy: '' };
  }
  return tree;
}

/**
 * The actions a role edit may not take away, per role type: without them nobody can put things
 * back through the app. The Public role signs everyone in (`auth.callback`); the administrators'
 * role reads and saves roles (the screen that would restore any permission).
 */
export const LOCK_OUT_ACTIONS: Record<string, string[]> = {
  public: ['plugin::users-permissions.auth.callback'],
  administrador: ['find', 'findOne', 'updateRole'].map((a) => `plugin::users-permissions.role.${a}`),
};

/** The actions a permission tree enables, read as the stock updateRole reads them (a truthy `enabled`). */
function enabledIn(tree: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [api, node] of Object.entries(tree))
    for (const [controller, actions] of Object.entries((node as { controllers?: Record<string, Record<string, { enabled?: unknown }>> }).controllers ?? {}))
      for (const [action, value] of Object.entries(actions)) if (value.enabled) out.add(`${api}.${controller}.${action}`);
  return out;
}

/**
 * Refuses (403 PolicyError: the change is understood, and not allowed; the matrix shows its message)
 * an update that would remove one of the role's LOCK_OUT_ACTIONS it holds today
 * (an administrator saving the Public role without "entrar" locked every user out, found by the
 * fuzz run). `tree` is the checked permission tree of the update.
 */
async function assertNoLockOut(roleId: number, tree: Record<string, unknown>) {
  const role: { type: string; name: string } | null = await strapi.db.query(ROLE).findOne({ where: { id: roleId }, select: ['type', 'name'] });
  const keep = role ? LOCK_OUT_ACTIONS[role.type] : undefined;
  if (!role || !keep) return;
  const held = new Set(
    (
      (await strapi.db.query('plugin::users-permissions.permission').findMany({ where: { role: { id: roleId } }, select: ['action'] })) as {
        action: string;
      }[]
    ).map((p) => p.action),
  );
  const enabled = enabledIn(tree);
  const removed = keep.filter((action) => held.has(action) && !enabled.has(action));
  if (removed.length)
    throw new PolicyError(
      `O papel "${role.name}" precisa manter ${removed.map((a) => `"${a.split('.').slice(1).join('.')}"`).join(', ')}: sem isso ninguém consegue ${
        role.type === 'public' ? 'entrar no sistema' : 'voltar a editar os papéis'
      }.`,
    );
}

/** Role types that cannot be deleted: the stock ones (spec 000 §2.7) and the administrators' (lock-out). */
export const UNDELETABLE_ROLE_TYPES = ['public', 'authenticated', 'administrador'];

/** The role actions that make a caller a role manager (who may read every role). */
const MANAGE_ACTIONS = ['createRole', 'updateRole', 'deleteRole'].map((a) => `plugin::users-permissions.role.${a}`);

/** true when the caller may manage roles: an administrator, or a role holding a role write action. */
export function mayManageRoles(ctx: AppContext): boolean {
  if (isAdminUser(ctx.state.user)) return true;
  const ability = ctx.state.auth?.ability as { can(action: string): boolean } | undefined; // users-permissions' CASL ability
  return Boolean(ability && MANAGE_ACTIONS.some((action) => ability.can(action)));
}

/**
 * The `:role` of a role route as the row id the stock service will use: plain digits only ("2.0" or
 * "002" were read by the database as role 2), written back canonical; 400 'Id de papel inválido.'.
 */
function roleIdOf(ctx: AppContext): number {
  const id = parseId(ctx.params.role);
  if (id === null) throw new ValidationError('Id de papel inválido.');
  ctx.params.role = String(id);
  return id;
}

/**
 * Wraps the stock role controller: createRole/updateRole/deleteRole with the checks above, each one
 * transaction recorded as one history entry of the role, its permissions included (utils/history), and
 * the reads: a caller who may not manage roles sees only their own role —
 * `GET /roles` lists it alone, `GET /roles/:id` of another role is 403. The session start needs
 * no more (spec 000 §4: the current user, then their role's permissions).
 */
export function guardRoleController(controller: Record<string, Action>) {
  const { createRole, updateRole, deleteRole, find, findOne } = controller;
  controller.find = async (ctx: AppContext) => {
    await find(ctx);
    if (mayManageRoles(ctx)) return;
    const own = ctx.state.user?.role?.id;
    const answer = ctx.body as { roles?: unknown } | undefined; // the stock `{roles: [...]}`
    const roles: { id: number }[] = Array.isArray(answer?.roles) ? answer.roles : [];
    ctx.body = { roles: roles.filter((role) => role.id === own) };
  };
  controller.findOne = async (ctx: AppContext) => {
    if (!mayManageRoles(ctx) && String(ctx.params.id) !== String(ctx.state.user?.role?.id)) {
      throw new PolicyError('Você só pode consultar as permissões do seu próprio papel.');
    }
    return findOne(ctx);
  };
  controller.deleteRole = async (ctx: AppContext) => {
    const id = roleIdOf(ctx);
    const role: { type: string } | null = await strapi.db.query(ROLE).findOne({ where: { id }, select: ['type'] });
    if (role && UNDELETABLE_ROLE_TYPES.includes(role.type)) {
      throw new ValidationError(`O papel "${role.type}" não pode ser excluído.`);
    }
    return recordRoleWrite(strapi, id, async () => deleteRole(ctx));
  };
  controller.createRole = async (ctx: AppContext) => {
    await validateRoleBody(ctx.request.body, null);
    const { type } = ctx.request.body as { type: string };
    try {
      return await recordRoleWrite(strapi, null, async () => createRole(ctx));
    } catch (e) {
      // another create of the same type got in after the check: the answer a sequential repeat gets
      if (isUniqueViolation(e)) throw new ValidationError(`Já existe um papel do tipo "${type}".`);
      throw e;
    }
  };
  controller.updateRole = async (ctx: AppContext) => {
    const id = roleIdOf(ctx);
    await validateRoleBody(ctx.request.body, id);
    // The stock update replaces the whole action set with `permissions`: a body without it (name and
    // description only) would remove every permission of the role. Absent means "keep them".
    const body = ctx.request.body as Record<string, unknown>;
    if (body.permissions === undefined) body.permissions = await currentTree(id);
    else await assertNoLockOut(id, body.permissions as Record<string, unknown>);
    return recordRoleWrite(strapi, id, async () => updateRole(ctx));
  };
}
