import { errors } from '@strapi/utils';
import { isAdminUser } from '../../utils/scope';
import { canonicalRelations } from '../../utils/relations';
import { semiJoinFilters } from '../../utils/semi-joins';
import { assertUpdateKeepsAnAdministrator } from './last-administrator';
import { issueSessionToken } from './sessions';
import { ADMIN_ONLY, ADMIN_ONLY_MESSAGES, bodyFields, normaliseUserFields, relationId } from './user-fields';
import { exposeUserList } from '../../utils/user-exposure';
import { assertQueryWidth } from '../../utils/query-width';
import { isUniqueViolation } from '../../utils/unique';
import type { AppContext, Json, SchemaView } from '../../utils/types';

const { ValidationError, PolicyError, NotFoundError, ApplicationError } = errors;
const USER = 'plugin::users-permissions.user';

/** A users-permissions user row as these actions read it (password hash included: never answer it as is). */
interface UserRow {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password?: string;
  role?: { id: number; documentId: string; type?: string } | null;
  company_id?: { id: number } | null;
  [field: string]: unknown;
}

/** A users-permissions role row. */
type RoleRow = { id: number; name: string; type: string; description?: string | null };

const schema = () => strapi.getModel(USER);

/** `:id` of a user route as a positive integer; anything else is "not found" (never a database error). */
function userIdParam(ctx: AppContext): number {
  const id = Number(ctx.params.id);
  if (!/^\d{1,9}$/.test(String(ctx.params.id)) || !Number.isSafeInteger(id) || id < 1) throw new NotFoundError('Usuário não encontrado');
  return id;
}
const userService = () => strapi.plugin('users-permissions').service('user');

function contentApiOptions(ctx: AppContext) {
  const strictParams = strapi.config.get('api.rest.strictParams');
  return { auth: ctx.state.auth, route: ctx.state.route, ...(typeof strictParams === 'boolean' ? { strictParams } : {}) };
}

/** The request's users query validated and sanitised as the content API does (strict parameters, width limit). */
export async function validatedQuery(ctx: AppContext, query: Record<string, unknown>) {
  await strapi.contentAPI.validate.query(query, schema(), contentApiOptions(ctx));
  const sanitized = await strapi.contentAPI.sanitize.query(query, schema(), { auth: ctx.state.auth });
  // users are read straight from the database (no Document Service middleware): the same width limit here
  assertQueryWidth(sanitized as Json, schema() as SchemaView, (uid) => strapi.getModel(uid));
  return sanitized;
}

/** The database query of the users list (GET /users and its export): a validated query without pagination → where, populate, orderBy. */
export interface UserListQuery {
  where?: Json;
  populate?: unknown;
  orderBy?: unknown;
}

/**
 * The users list's database query for the caller: the validated query (no pagination) as Strapi's
 * query params; a non-administrator's limited to party accounts (type company or dispatcher) without
 * populate; in id order when it names none.
 */
export function userListQuery(ctx: AppContext, query: Json): UserListQuery {
  // the query engine reads users: conditions across relations become semi-joins here, as the Document Service's do (utils/semi-joins.ts)
  const dbQuery: UserListQuery = strapi.get('query-params').transform(USER, { ...query, filters: semiJoinFilters(strapi, USER, query.filters) });
  if (!isAdminUser(ctx.state.user)) {
    dbQuery.where = { $and: [dbQuery.where ?? {}, { type: { $in: ['company', 'dispatcher'] } }] };
    delete dbQuery.populate;
  }
  if (!dbQuery.orderBy) dbQuery.orderBy = [{ id: 'asc' }];
  return dbQuery;
}

/** Users rows as the list answers them: sanitised, and for a non-administrator reduced as utils/user-exposure.ts shows them. */
export async function userListRows(ctx: AppContext, rows: unknown[]): Promise<Json[]> {
  const data: Json[] = await Promise.all(rows.map((u: unknown) => sanitizeUser(u, ctx)));
  return isAdminUser(ctx.state.user) ? data : exposeUserList(strapi, data);
}

const sanitizeUser = async (user: unknown, ctx: AppContext) => (await strapi.contentAPI.sanitize.output(user, schema(), { auth: ctx.state.auth })) as Json;

/** Role as the PWA reads it (spec 000 §3 "role (id, name; role.type also read)"). */
const roleView = (role: RoleRow | null) => (role ? { id: role.id, name: role.name, type: role.type, description: role.description ?? null } : null);

async function ensureUnique(fields: Json, selfId?: number) {
  if (fields.username) {
    const other = await strapi.db.query(USER).findOne({ where: { username: fields.username }, select: ['id'] });
    if (other && other.id !== selfId) throw new ApplicationError('Já existe um usuário com este CPF/CNPJ.');
  }
  if (fields.email) {
    const other = await strapi.db.query(USER).findOne({ where: { email: fields.email }, select: ['id'] });
    if (other && other.id !== selfId) throw new ApplicationError('Já existe um usuário com este e-mail.');
  }
}

/**
 * Turns a Document Service / database validation failure into a readable 400. A write refused for a
 * username or e-mail another write took in between, on this instance or another (by the unique index, or by
 * Strapi's unique validator that saw the other row), runs `recheck` (ensureUnique) again, which answers the
 * rule's own message.
 */
async function writeGuard<T>(fn: () => Promise<T>, recheck?: () => Promise<void>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (recheck && (isUniqueViolation(e) || e instanceof ValidationError) && !strapi.db.inTransaction()) await recheck();
    const err = e as { name?: unknown; message?: unknown; status?: unknown; expose?: unknown } | null | undefined; // whatever the database layer threw
    if (err?.name === 'ValidationError' || e instanceof errors.ApplicationError) throw e;
    // an HTTP error meant for the client (the 409 of a stale edit, utils/edit-version.ts) keeps its status
    if (typeof err?.status === 'number' && err.expose === true) throw e;
    // the database's own text stays in the log (with the request id): it names tables and columns
    strapi.log.warn(`user write refused: ${String(err?.message)}`);
    throw new ValidationError('Dados inválidos: verifique os campos enviados.');
  }
}

/**
 * One's own login credentials through PUT /users/:id: the password only through
 * the change-password call (400 pointing to it), and a new username (CPF/CNPJ) or e-mail only with
 * the right `currentPassword` in the body (400 otherwise). Values equal to the stored ones pass
 * (the profile screen sends the e-mail it shows). Administrators editing someone else skip this.
 */
async function checkOwnCredentialChange(fields: Json, current: UserRow, currentPassword: unknown) {
  if (fields.password !== undefined) {
    throw new ValidationError('Para alterar a sua senha use a troca de senha (POST /users/{id}/change-password), que pede a senha atual.', { key: 'password' });
  }
  const changes = ['username', 'email'].filter((key) => fields[key] !== undefined && fields[key] !== current[key]);
  if (changes.length === 0) return;
  if (typeof currentPassword !== 'string' || !currentPassword) {
    throw new ValidationError(`Para alterar ${changes.includes('username') ? 'o CPF/CNPJ' : 'o e-mail'} informe sua senha atual (currentPassword).`, {
      key: 'currentPassword',
    });
  }
  const ok = current.password && (await userService().validatePassword(currentPassword, current.password));
  if (!ok) throw new ValidationError('A senha atual está incorreta.', { key: 'currentPassword' });
}

/**
 * Overrides of the users-permissions user controller (spec 000 §7).
 * All answers go through the stock content-API validation and sanitisation.
 */
export const userController = {
  /** GET /users/me → the caller with `role: {id, name, type, description}` always present. */
  async me(ctx: AppContext) {
    const authUser = ctx.state.user;
    if (!authUser) return ctx.unauthorized();
    const query = await validatedQuery(ctx, ctx.query);
    const user = await userService().fetch(authUser.id, query);
    if (!user) throw new NotFoundError('Usuário não encontrado');
    const role: RoleRow | null = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { id: authUser.role?.id } });
    const out = await sanitizeUser(user, ctx);
    out.role = roleView(role);
    out.phoneNumber = out.phone_number ?? null;
    ctx.body = out;
  },

  /**
   * GET /users/count → a number: the stock count with the list's checks (validatedQuery, whose width limit keeps
   * SQLite under its 64 joined tables: the stock count answered a 500) and the list's limits for a
   * non-administrator (userListQuery: party accounts only).
   */
  async count(ctx: AppContext) {
    const { where } = userListQuery(ctx, await validatedQuery(ctx, ctx.query));
    ctx.body = await strapi.db.query(USER).count({ where });
  },

  /**
   * GET /users → `{data, meta:{pagination:{page,pageSize,pageCount,total}}}` with filters, sort,
   * fields, populate and pagination[page|pageSize|start|limit]. Non-administrators see only
   * party accounts (type company or dispatcher), as utils/user-exposure.ts `exposeUserList` shows
   * them (id, documentId, name, type: the select lists of spec 001 §7), and their filters and sort
   * on other fields only reach themselves (utils/user-filters.ts).
   */
  async find(ctx: AppContext) {
    const query = (await validatedQuery(ctx, ctx.query)) as Json & { pagination?: Json };
    const { pagination = {}, page: p1, pageSize: ps1, start, limit, ...rest } = query;
    const maxLimit = strapi.config.get('api.rest.maxLimit', 100) as number;
    const defaultLimit = strapi.config.get('api.rest.defaultLimit', 10) as number;
    const toInt = (v: unknown, name: string) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) throw new ValidationError(`pagination[${name}] deve ser um número inteiro positivo.`);
      return n;
    };
    let page = toInt(pagination.page ?? p1, 'page') ?? 1;
    let pageSize = toInt(pagination.pageSize ?? ps1, 'pageSize') ?? defaultLimit;
    const pStart = toInt(pagination.start ?? start, 'start');
    const pLimit = toInt(pagination.limit ?? limit, 'limit');
    if (pStart !== undefined || pLimit !== undefined) {
      pageSize = pLimit ?? defaultLimit;
      page = Math.floor((pStart ?? 0) / Math.max(pageSize, 1)) + 1;
    }
    page = Math.max(page, 1);
    pageSize = Math.min(Math.max(pageSize, 1), maxLimit);

    const dbQuery = userListQuery(ctx, rest);
    const { results, pagination: meta } = await strapi.db.query(USER).findPage({ ...dbQuery, page, pageSize });
    const data = await userListRows(ctx, results);
    ctx.body = { data, meta: { pagination: { page: meta.page, pageSize: meta.pageSize, pageCount: meta.pageCount, total: meta.total } } };
  },

  /** GET /users/:id (self or administrator, policy global::self-or-admin). */
  async findOne(ctx: AppContext) {
    const id = userIdParam(ctx);
    const query = await validatedQuery(ctx, ctx.query);
    const user = await userService().fetch(id, query);
    if (!user) throw new NotFoundError('Usuário não encontrado');
    ctx.body = await sanitizeUser(user, ctx);
  },

  /** POST /users with `{data:{...}}` or the fields; `role`/`address_state_id` as id or `{connect:[{id}]}`. */
  async create(ctx: AppContext) {
    const fields = normaliseUserFields(bodyFields(ctx), true);
    await ensureUnique(fields);
    const data: Json = { ...fields, provider: 'local', confirmed: fields.confirmed ?? true, blocked: fields.blocked ?? false };
    if (!data.type) data.type = 'salesman';
    if (relationId(data.role) == null) {
      const advanced = (await strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' }).get({})) as { default_role?: string } | null;
      const defaultRole = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: advanced?.default_role ?? 'authenticated' } });
      data.role = defaultRole.id;
    }
    const created = await writeGuard(
      () => userService().add(data),
      () => ensureUnique(fields),
    );
    ctx.status = 201;
    ctx.body = await sanitizeUser(created, ctx);
  },

  /**
   * PUT /users/:id with the fields (or `{data}`); `phoneNumber` is an alias of phone_number.
   * Non-administrators: only themselves (policy) and never role/blocked/confirmed/type/company_id,
   * unless the value sent equals the stored one (the profile screen sends `blocked`). One's own
   * password, username and e-mail: see checkOwnCredentialChange (`currentPassword` in the body).
   */
  async update(ctx: AppContext) {
    const id = userIdParam(ctx);
    const current: UserRow | null = await strapi.db.query(USER).findOne({ where: { id }, populate: { role: true, company_id: true } });
    if (!current) throw new NotFoundError('Usuário não encontrado');
    const body = bodyFields(ctx);
    const currentPassword = body.currentPassword;
    delete body.currentPassword;
    const fields = normaliseUserFields(body, false);
    if (id === ctx.state.user?.id) await checkOwnCredentialChange(fields, current, currentPassword);
    if (!isAdminUser(ctx.state.user)) {
      for (const key of ADMIN_ONLY) {
        if (!(key in fields)) continue;
        const sent = key === 'role' || key === 'company_id' ? relationId(fields[key]) : fields[key];
        const stored = key === 'role' || key === 'company_id' ? (current[key]?.id ?? null) : current[key];
        const same = String(sent ?? null) === String(stored ?? null) || (key === 'role' && sent === current.role?.documentId);
        if (!same) throw new PolicyError(ADMIN_ONLY_MESSAGES[key]);
        delete fields[key];
      }
    }
    await canonicalRelations(strapi, strapi.getModel(USER), fields, 'refuse');
    await assertUpdateKeepsAnAdministrator(current, fields);
    await ensureUnique(fields, id);
    const updated = await writeGuard(
      () => userService().edit(id, fields),
      () => ensureUnique(fields, id),
    );
    ctx.body = await sanitizeUser(updated, ctx);
  },

  /**
   * POST /users/:id/change-password {currentPassword, password, passwordConfirmation}.
   * Self: currentPassword must match (400 otherwise). Administrator changing someone else:
   * currentPassword is not needed. Every earlier token of the user dies (sessions.ts); answers
   * `{ok: true, jwt?}`: a fresh jwt when changing one's own, which the PWA stores (replaceToken).
   */
  async changePassword(ctx: AppContext) {
    const id = userIdParam(ctx);
    const body: { currentPassword?: unknown; password?: unknown; passwordConfirmation?: unknown } = ctx.request.body ?? {};
    const { currentPassword, password, passwordConfirmation } = body;
    const self = id === ctx.state.user?.id;
    if (typeof password !== 'string' || password.length < 6 || password.length > 200) {
      throw new ValidationError('A nova senha deve ter pelo menos 6 caracteres.');
    }
    if (password !== passwordConfirmation) throw new ValidationError('As novas senhas não coincidem.');
    const user: UserRow | null = await strapi.db.query(USER).findOne({ where: { id } });
    if (!user) throw new NotFoundError('Usuário não encontrado');
    if (self || !isAdminUser(ctx.state.user)) {
      if (typeof currentPassword !== 'string' || !currentPassword) throw new ValidationError('Por favor, informe sua senha atual.');
      const ok = user.password && (await userService().validatePassword(currentPassword, user.password));
      if (!ok) throw new ValidationError('A senha atual está incorreta.');
    }
    await userService().edit(id, { password });
    const out: { ok: true; jwt?: string } = { ok: true };
    if (self) out.jwt = await issueSessionToken(strapi, id);
    ctx.body = out;
  },
};
