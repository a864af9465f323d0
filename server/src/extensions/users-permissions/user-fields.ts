import { errors } from '@strapi/utils';
import { documentError, normalizeDocument } from '../../utils/documents';
import { isObject, type AppContext, type Json } from '../../utils/types';

/**
 * The body of a user write (POST /users, PUT /users/:id; spec 000 §5 "User form", §7) as the user
 * controller reads it: which fields a client may send, which only an administrator may change, and
 * their checks and normal forms. Pure: no database reads.
 */

const { ValidationError } = errors;

/** Fields only an administrator may set or change (docs/decisions.md). */
export const ADMIN_ONLY = ['role', 'blocked', 'confirmed', 'type', 'company_id', 'provider'] as const;
/** The 403 of a non-administrator changing one of them (the PWA shows the blocked one beside the switches it disables). */
export const ADMIN_ONLY_MESSAGES: Record<(typeof ADMIN_ONLY)[number], string> = {
  role: 'Apenas administradores podem alterar a permissão de um usuário.',
  blocked: 'Apenas administradores podem bloquear ou desbloquear usuários.',
  confirmed: 'Apenas administradores podem confirmar usuários.',
  type: 'Apenas administradores podem alterar o tipo de um usuário.',
  company_id: 'Apenas administradores podem alterar a concessionária de um usuário.',
  provider: 'Apenas administradores podem alterar o provedor de um usuário.',
};
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

/** `{data:{...}}` or the fields directly → the fields; anything else is a 400. */
export function bodyFields(ctx: AppContext): Json {
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
export function relationId(value: unknown): unknown {
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

/**
 * Checks and normalises a user body for create (isCreate) or update (spec 000 §5 "User form"), in place:
 * `phoneNumber` becomes phone_number, confirmPassword must equal password, only WRITABLE keys ('Invalid
 * key X'), texts and booleans typed, an empty password is dropped on update, birth_date a date or null,
 * session type words mapped (TYPE_ALIASES), username a valid CPF/CNPJ stored as bare characters, email
 * valid (≤ 100) and lower-cased, name ≥ 2 characters, password 6–200. Returns `fields`. Throws
 * ValidationError (400, `details.key` naming the field).
 */
export function normaliseUserFields(fields: Json, isCreate: boolean): Json {
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
