import { errors } from '@strapi/utils';
import { documentError, normalizeDocument } from '../../utils/documents';
import { isAdminUser } from '../../utils/scope';
import { issueSessionToken } from './sessions';
import { exposeUserList } from '../../utils/user-exposure';
import { isObject, type AppContext, type Json } from '../../utils/types';

const { ValidationError, PolicyError, NotFoundError, ApplicationError } = errors;
const USER = 'plugin::users-permissions.user';

/** Fields only an administrator may set or change (docs/decisions.md). */
const ADMIN_ONLY = ['role', 'blocked', 'confirmed', 'type', 'company_id', 'provider'] as const;
/** Fields a client may send on create/update (anything else: 400 "Invalid key"). */
const WRITABLE = new Set([
  'username',
  'email',
  'password',
  'name',
  'phone_number',
  'type',
  'address_street',
  'address_number',
  'address_postal_code',
  'address_state_id',
  'birth_date',
  'company_id',
  'role',
  'blocked',
  'confirmed',
  'provider',
]);
/** Session words for types (spec 000 §3 "the login session also knows type values such as concessionaria"). */
const TYPE_ALIASES: Record<string, string> = {
  concessionaria: 'company',
  despachante: 'dispatcher',
  vendedor: 'salesman',
  administrador: 'admin',
  dispacher: 'dispatcher',
};

/** A users-permissions user row as these actions read it (password hash included: never answer it as is). */
interface UserRow {
  id: number;
  documentId: string;
  username: string;
  email: string;
  password?: string;
  role?: { id: number; documentId: string } | null;
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

async function validatedQuery(ctx: AppContext, query: Record<string, unknown>) {
  await strapi.contentAPI.validate.query(query, schema(), contentApiOptions(ctx));
  return strapi.contentAPI.sanitize.query(query, schema(), { auth: ctx.state.auth });
}

const sanitizeUser = async (user: unknown, ctx: AppContext) => (await strapi.contentAPI.sanitize.output(user, schema(), { auth: ctx.state.auth })) as Json;

/** Role as the PWA reads it (spec 000 §3 "role (id, name; role.type also read)"). */
const roleView = (role: RoleRow | null) => (role ? { id: role.id, name: role.name, type: role.type, description: role.description ?? null } : null);

/** `{data:{...}}` or the fields directly → the fields; anything else is a 400. */
function bodyFields(ctx: AppContext): Json {
  const body: unknown = ctx.request.body;
  if (!isObject(body)) throw new ValidationError('Corpo da requisição inválido: envie um objeto JSON.');
  const fields = isObject(body.data) ? { ...body.data } : { ...body };
  return fields;
}

/**
 * Relation input → numeric id or documentId (number, string, {id}, {connect:[{id}]}, {set:[...]}),
 * null when cleared, undefined when unreadable. The `id`/`documentId` of an object is returned as
 * sent (callers compare it with String()), hence `unknown`.
 */
function relationId(value: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length > 0 ? relationId(value[value.length - 1]) : null;
  if (isObject(value)) {
    if ('id' in value || 'documentId' in value) return value.id ?? value.documentId;
    const list = value.connect ?? value.set;
    if (Array.isArray(list) && list.length > 0) return relationId(list[list.length - 1]);
    if (Array.isArray(value.disconnect) && value.disconnect.length > 0) return null;
  }
  return undefined;
}

/** Checks and normalises a user body for create (isCreate) or update. Throws ValidationError (400). */
function normaliseUserFields(fields: Json, isCreate: boolean): Json {
  if ('phoneNumber' in fields) {
    if (!('phone_number' in fields)) fields.phone_number = fields.phoneNumber;
    delete fields.phoneNumber;
  }
  if ('confirmPassword' in fields) {
    if (fields.password !== undefined && fields.confirmPassword !== fields.password) {
      throw new ValidationError('Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir');
    }
    delete fields.confirmPassword;
  }
  for (const key of ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt']) delete fields[key];
  for (const key of Object.keys(fields)) {
    if (!WRITABLE.has(key)) throw new ValidationError(`Invalid key ${key}`, { key });
  }
  for (const key of ['username', 'email', 'password', 'name', 'phone_number', 'address_street', 'address_number', 'address_postal_code']) {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== 'string') {
      throw new ValidationError(`O campo ${key} deve ser um texto.`, { key });
    }
  }
  for (const key of ['blocked', 'confirmed']) {
    if (fields[key] !== undefined && typeof fields[key] !== 'boolean') throw new ValidationError(`O campo ${key} deve ser verdadeiro ou falso.`, { key });
  }
  if (!isCreate && fields.password === '') delete fields.password; // spec 000 §5: empty password omitted on update
  if (fields.birth_date === '') fields.birth_date = null;
  if (fields.birth_date != null && (typeof fields.birth_date !== 'string' || Number.isNaN(Date.parse(fields.birth_date)))) {
    throw new ValidationError('Data de nascimento inválida.', { key: 'birth_date' });
  }
  if (typeof fields.type === 'string' && TYPE_ALIASES[fields.type]) fields.type = TYPE_ALIASES[fields.type];
  if (fields.username !== undefined) {
    const username = normalizeDocument(fields.username);
    const problem = documentError(username);
    if (problem) throw new ValidationError(username.length < 11 ? 'CPF/CNPJ é obrigatório' : problem, { key: 'username' });
    fields.username = username;
  } else if (isCreate) throw new ValidationError('CPF/CNPJ é obrigatório', { key: 'username' });
  if (fields.email !== undefined || isCreate) {
    if (typeof fields.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email) || fields.email.length > 100) {
      throw new ValidationError('Email inválido', { key: 'email' });
    }
    fields.email = fields.email.toLowerCase();
  }
  if (fields.name !== undefined || isCreate) {
    if (typeof fields.name !== 'string' || fields.name.trim().length < 2) throw new ValidationError('Nome completo é obrigatório', { key: 'name' });
  }
  if (fields.password !== undefined || isCreate) {
    if (typeof fields.password !== 'string' || fields.password.length < 6) {
      throw new ValidationError('Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir', { key: 'password' });
    }
    if (fields.password.length > 200) throw new ValidationError('Senha muito longa (máximo 200 caracteres).', { key: 'password' });
  }
  return fields;
}

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

/** Turns a Document Service / database validation failure into a readable 400. */
async function writeGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { name?: unknown; message?: unknown; status?: unknown; expose?: unknown } | null | undefined; // whatever the database layer threw
    if (err?.name === 'ValidationError' || e instanceof errors.ApplicationError) throw e;
    // an HTTP error meant for the client (the 409 of a stale edit, utils/edit-version.ts) keeps its status
    if (typeof err?.status === 'number' && err.expose === true) throw e;
    strapi.log.warn(`user write refused: ${err?.message}`);
    throw new ValidationError(`Dados inválidos: ${err?.message ?? 'verifique os campos enviados'}`);
  }
}

/**
 * One's own login credentials through PUT /users/:id (issue 8 item 3): the password only through
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
 * Overrides of the users-permissions user controller (issue 2 "The calls"; spec 000 §7).
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

    const admin = isAdminUser(ctx.state.user);
    const dbQuery: { where?: Json; populate?: unknown; orderBy?: unknown } = strapi.get('query-params').transform(USER, rest);
    if (!admin) {
      dbQuery.where = { $and: [dbQuery.where ?? {}, { type: { $in: ['company', 'dispatcher'] } }] };
      delete dbQuery.populate;
    }
    if (!dbQuery.orderBy) dbQuery.orderBy = [{ id: 'asc' }];
    const { results, pagination: meta } = await strapi.db.query(USER).findPage({ ...dbQuery, page, pageSize });
    let data: Json[] = await Promise.all(results.map((u: unknown) => sanitizeUser(u, ctx)));
    if (!admin) data = await exposeUserList(strapi, data);
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
    const created = await writeGuard(() => userService().add(data));
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
        if (!same) throw new PolicyError(`Apenas administradores podem alterar o campo ${key}.`);
        delete fields[key];
      }
    }
    await ensureUnique(fields, id);
    const updated = await writeGuard(() => userService().edit(id, fields));
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
