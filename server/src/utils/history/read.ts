import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { andFilters, getScope, isAdminUser, scopeFilter } from '../scope';
import { findPage, type Page } from '../find-page';
import { isObject, type AppContext, type Json } from '../types';
import { HISTORY, isRecorded } from './record';
import { recordedAttributes } from './snapshot';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const ORDER = 'api::sales-order.sales-order';

/** The query parameters of GET /history-entries (anything else is a 400). */
const PARAMS = new Set(['record_type', 'record_document_id', 'record_id', 'user_id', 'from', 'to', 'pagination']);
const DOCUMENT_ID = /^[A-Za-z0-9]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const bad = (message: string, param: string): never => {
  throw new errors.ValidationError(message, { source: 'query', param });
};

/**
 * The content-type uid a `record_type` names: the uid itself, an app API's name (`receivable`,
 * `sales-order`), `user` or `role`. Throws 400 for a type the history does not record.
 */
export function recordType(strapi: Core.Strapi, value: unknown): UID.Schema {
  if (typeof value !== 'string' || value.length > 200) return bad('record_type inválido.', 'record_type');
  const uid = value === 'user' ? USER : value === 'role' ? ROLE : value.includes('::') ? value : `api::${value}.${value}`;
  if (!isRecorded(uid) || !strapi.getModel(uid as UID.Schema)) return bad(`record_type sem histórico: ${value}.`, 'record_type');
  return uid as UID.Schema;
}

/** `from`/`to`: an ISO instant with its offset, or a date (a day of Brasília time, UTC−3); `to` of a date is the end of that day. */
function bound(value: unknown, param: 'from' | 'to'): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  let ms = NaN;
  if (DAY.test(text)) ms = Date.parse(`${text}T00:00:00-03:00`) + (param === 'to' ? 86_400_000 - 1 : 0);
  else if (INSTANT.test(text)) ms = Date.parse(text);
  if (Number.isNaN(ms)) return bad(`${param} inválido: use AAAA-MM-DD ou data e hora ISO 8601 com fuso.`, param);
  return new Date(ms);
}

/** The filters of the request, validated; throws 400/403 as the module comment of {@link historyPage} says. */
interface Asked {
  type: UID.Schema | null;
  /** The record: its documentId, or its numeric id (users are addressed by id). */
  documentId: string | null;
  recordId: number | null;
  userId: number | null;
  from: Date | null;
  to: Date | null;
}

function readParams(strapi: Core.Strapi, query: Json): Asked {
  for (const key of Object.keys(query)) if (!PARAMS.has(key)) bad(`Parâmetro não aceito no histórico: ${key}.`, key);
  for (const key of ['record_type', 'record_document_id', 'record_id', 'user_id', 'from', 'to']) {
    if (query[key] !== undefined && typeof query[key] !== 'string') bad(`${key} inválido.`, key);
  }
  const documentId = query.record_document_id as string | undefined;
  if (documentId !== undefined && !DOCUMENT_ID.test(documentId)) bad('record_document_id inválido.', 'record_document_id');
  const idText = query.record_id as string | undefined;
  if (idText !== undefined && (!/^\d{1,10}$/.test(idText) || Number(idText) > 2_147_483_647))
    bad('record_id inválido: envie o número do registro.', 'record_id');
  const userText = query.user_id as string | undefined;
  if (userText !== undefined && !/^\d{1,10}$/.test(userText)) bad('user_id inválido: envie o número do usuário.', 'user_id');
  const asked: Asked = {
    type: query.record_type === undefined ? null : recordType(strapi, query.record_type),
    documentId: documentId ?? null,
    recordId: idText === undefined ? null : Number(idText),
    userId: userText === undefined ? null : Number(userText),
    from: query.from === undefined ? null : bound(query.from, 'from'),
    to: query.to === undefined ? null : bound(query.to, 'to'),
  };
  if ((asked.documentId || asked.recordId !== null) && !asked.type) bad('Informe record_type junto com o registro.', 'record_type');
  if (asked.documentId && asked.recordId !== null) bad('Informe record_document_id ou record_id, não os dois.', 'record_id');
  if (asked.from && asked.to && asked.from > asked.to) bad('O período termina antes de começar.', 'to');
  return asked;
}

const can = (ctx: AppContext, action: string): boolean => {
  const ability = ctx.state.auth?.ability as { can?: (a: string) => boolean } | undefined;
  return Boolean(ability?.can?.(action));
};

/**
 * Whether the caller (not an administrator) sees `documentId` of `uid` now: the record exists, the caller's role
 * may read its type and it is inside the caller's data scope (utils/scope.ts). A user's history only to the user;
 * roles' only to administrators.
 */
async function visibleNow(strapi: Core.Strapi, ctx: AppContext, uid: UID.Schema, record: { documentId: string } | { id: number }): Promise<boolean> {
  if (uid === ROLE) return false;
  if (uid === USER) return 'id' in record ? ctx.state.user.id === record.id : ctx.state.user.documentId === record.documentId;
  if (!can(ctx, `${uid}.findOne`) && !can(ctx, `${uid}.find`)) return false;
  const scope = await getScope(strapi, ctx.state.user);
  const key = 'id' in record ? { id: { $eq: record.id } } : { documentId: { $eq: record.documentId } };
  const found = await strapi.documents(uid as UID.ContentType).findFirst({
    filters: andFilters(key, scopeFilter(uid, scope, 'read')),
    fields: ['id'],
  });
  return Boolean(found);
}

/** The content-types whose entries an order's history shows beside its own: those with a `sales_order` parent the caller may read. */
function childTypes(strapi: Core.Strapi, ctx: AppContext, admin: boolean): string[] {
  return Object.keys(strapi.contentTypes).filter(
    (uid) => isRecorded(uid) && recordedAttributes(strapi, uid as UID.Schema).parent && (admin || can(ctx, `${uid}.find`)),
  );
}

/**
 * GET /history-entries (docs/architecture.md "History of money and documents"): one page of entries, newest first, as Strapi's
 * `{results, pagination}`. Query: `record_type` + `record_document_id` or `record_id` (a record; for a sales order by documentId, also the
 * entries of its items, documents and receivables the caller's role reads), and for administrators `user_id`,
 * `from`, `to` (an ISO instant or a Brasília day) and `record_type` alone; `pagination[page|pageSize]`.
 * A non-administrator must name a record they see now (else 404 'Registro não encontrado'); `user_id`, `from`,
 * `to` from them are a 403; an unknown parameter or a malformed value is a 400. Entries of deleted records:
 * administrators only.
 */
export async function historyPage(strapi: Core.Strapi, ctx: AppContext): Promise<Page> {
  const query = isObject(ctx.query) ? (ctx.query as Json) : {};
  const asked = readParams(strapi, query);
  const admin = isAdminUser(ctx.state.user);
  if (!admin) {
    if (asked.userId !== null || asked.from || asked.to) {
      throw new errors.PolicyError('Apenas administradores podem filtrar o histórico por usuário ou período.');
    }
    if (!asked.type || (!asked.documentId && asked.recordId === null))
      bad('Informe o registro: record_type e record_document_id (ou record_id).', 'record_document_id');
    const record = asked.documentId ? { documentId: asked.documentId } : { id: asked.recordId as number };
    if (!(await visibleNow(strapi, ctx, asked.type as UID.Schema, record))) {
      throw new errors.NotFoundError('Registro não encontrado');
    }
  }
  const and: Json[] = [];
  if (asked.type && asked.documentId) {
    const own = { content_type: { $eq: asked.type }, record_document_id: { $eq: asked.documentId } };
    const children = asked.type === ORDER ? childTypes(strapi, ctx, admin) : [];
    and.push(children.length ? { $or: [own, { parent_document_id: { $eq: asked.documentId }, content_type: { $in: children } }] } : own);
  } else if (asked.type && asked.recordId !== null) and.push({ content_type: { $eq: asked.type }, record_id: { $eq: asked.recordId } });
  else if (asked.type) and.push({ content_type: { $eq: asked.type } });
  if (asked.userId !== null) and.push({ user_id: { $eq: asked.userId } });
  if (asked.from) and.push({ createdAt: { $gte: asked.from.toISOString() } });
  if (asked.to) and.push({ createdAt: { $lte: asked.to.toISOString() } });
  const pagination = isObject(query.pagination) ? query.pagination : {};
  const pageSize = pagination.pageSize === undefined ? 25 : Number(pagination.pageSize);
  if (pageSize > 100) bad('Paginação inválida: pagination[pageSize] deve ser no máximo 100.', 'pagination');
  return findPage(strapi, HISTORY, {
    filters: and.length ? { $and: and } : {},
    sort: [{ createdAt: 'desc' }, { id: 'desc' }],
    pagination: { page: pagination.page ?? 1, pageSize },
  });
}
