import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, type Scope } from '../../../utils/scope';
import { signFileUrl, signedUrlTtl } from '../../../utils/signed-url';

const UID = 'api::document-type.document-type';
const USER = 'plugin::users-permissions.user';
const SOD = 'api::sales-order-document.sales-order-document';

/** Where-clause limiting document types to the caller's scope (docs/architecture.md "Data scope"). */
function scopeFilter(scope: Scope): Record<string, unknown> | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'company') return { user_company_id: { id: { $eq: scope.userId } } };
  if (scope.kind === 'dispatcher') return { user_dispatcher_id: { id: { $eq: scope.userId } } };
  return { user_company_id: { id: { $eq: scope.partyUserId ?? -1 } } };
}

/** Relation input → numeric id (number, "12", {id}, {connect:[{id}]}, {set:[{id}]}); null when cleared. */
function relationId(value: any): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) return Number(value);
  if (typeof value === 'object') {
    if (value.id !== undefined) return relationId(value.id);
    const list = value.connect ?? value.set;
    if (Array.isArray(list) && list.length) return relationId(list[list.length - 1]);
  }
  throw new errors.ValidationError('Relação inválida: informe o id numérico do usuário.');
}

/** Checks that a relation points at an existing user of the given type (spec 000 §5 "Document type form"). */
async function checkParty(id: number | null | undefined, type: 'dispatcher' | 'company') {
  if (id == null) return;
  const user = await strapi.db.query(USER).findOne({ where: { id }, select: ['id', 'type'] });
  if (!user || user.type !== type) {
    throw new errors.ValidationError(
      type === 'company'
        ? 'Concessionária selecionada é inválida. Selecione uma opção válida.'
        : 'Despachante selecionado é inválido. Selecione uma opção válida.',
    );
  }
}

/** Can the caller's scope see this sales order (populated with its party users)? */
function orderVisible(scope: Scope, order: any): boolean {
  if (!order) return false;
  if (scope.kind === 'all') return true;
  if (scope.kind === 'company') return order.user_company_id?.id === scope.userId;
  if (scope.kind === 'dispatcher') return order.user_dispatcher_id?.id === scope.userId;
  return order.user_id?.id === scope.userId || (scope.partyUserId != null && order.user_company_id?.id === scope.partyUserId);
}

export default factories.createCoreController(UID, ({ strapi }) => ({
  /** GET /document-types: core list, limited to the caller's scope. */
  async find(ctx) {
    const scope = await getScope(strapi, ctx.state.user);
    const extra = scopeFilter(scope);
    await this.validateQuery(ctx);
    const query: any = await this.sanitizeQuery(ctx);
    if (extra) query.filters = query.filters ? { $and: [query.filters, extra] } : extra;
    const { results, pagination } = await strapi.service(UID).find(query);
    const sanitized = await this.sanitizeOutput(results, ctx);
    return this.transformResponse(sanitized, { pagination });
  },

  /** GET /document-types/:id: 404 outside the caller's scope. */
  async findOne(ctx) {
    const scope = await getScope(strapi, ctx.state.user);
    const extra = scopeFilter(scope);
    await this.validateQuery(ctx);
    const query: any = await this.sanitizeQuery(ctx);
    const filters = { documentId: ctx.params.id, ...(extra ?? {}) };
    const entity = await strapi.documents(UID).findFirst({ ...query, filters: query.filters ? { $and: [query.filters, filters] } : filters });
    if (!entity) return ctx.notFound('Tipo de documento não encontrado');
    return this.transformResponse(await this.sanitizeOutput(entity, ctx));
  },

  /** POST /document-types {data:{name, user_dispatcher_id, user_company_id}}; party ids must be users of that type. */
  async create(ctx) {
    const data: any = await prepareWrite(this, ctx);
    const scope = await getScope(strapi, ctx.state.user);
    if (scope.kind === 'company') data.user_company_id = scope.userId;
    if (scope.kind === 'dispatcher') data.user_dispatcher_id = scope.userId;
    if (typeof data.name !== 'string' || !data.name.trim()) throw new errors.ValidationError('Nome é obrigatório');
    const entity = await strapi.documents(UID).create({ data, populate: ['user_dispatcher_id', 'user_company_id'] });
    ctx.status = 201;
    return this.transformResponse(await this.sanitizeOutput(entity, ctx));
  },

  /** PUT /document-types/:id {data}; scoped like findOne. */
  async update(ctx) {
    const scope = await getScope(strapi, ctx.state.user);
    const extra = scopeFilter(scope);
    const existing = await strapi.documents(UID).findFirst({ filters: { documentId: ctx.params.id, ...(extra ?? {}) } });
    if (!existing) return ctx.notFound('Tipo de documento não encontrado');
    const data: any = await prepareWrite(this, ctx);
    if (scope.kind === 'company') delete data.user_company_id;
    if (scope.kind === 'dispatcher') delete data.user_dispatcher_id;
    const entity = await strapi.documents(UID).update({ documentId: ctx.params.id, data, populate: ['user_dispatcher_id', 'user_company_id'] });
    return this.transformResponse(await this.sanitizeOutput(entity, ctx));
  },

  /** DELETE /document-types/:id; scoped like findOne. */
  async delete(ctx) {
    const scope = await getScope(strapi, ctx.state.user);
    const extra = scopeFilter(scope);
    const existing = await strapi.documents(UID).findFirst({ filters: { documentId: ctx.params.id, ...(extra ?? {}) } });
    if (!existing) return ctx.notFound('Tipo de documento não encontrado');
    await strapi.documents(UID).delete({ documentId: ctx.params.id });
    ctx.status = 204;
  },

  /**
   * GET /document-types/get-signed-url?fileDocId=&fileUrl= → `{data:{signedUrl}}` (spec 001 §7, §8 "Files").
   * fileDocId: the upload file's documentId or numeric id, or a sales-order-document documentId.
   * Allowed: administrators; anyone for a company logo; otherwise the file must be the content of a
   * sales-order-document whose order is in the caller's scope (403 otherwise, 404 when unknown).
   */
  async getSignedUrl(ctx) {
    const { fileDocId, fileUrl } = ctx.query as Record<string, any>;
    if ((fileDocId !== undefined && typeof fileDocId !== 'string') || (fileUrl !== undefined && typeof fileUrl !== 'string')) {
      throw new errors.ValidationError('Parâmetros inválidos: fileDocId e fileUrl devem ser textos.');
    }
    if (!fileDocId && !fileUrl) throw new errors.ValidationError('Informe fileDocId ou fileUrl.');
    const urlPath = fileUrl ? pathOf(fileUrl) : null;
    if (fileUrl && !urlPath) throw new errors.ValidationError('fileUrl inválida.');

    let file: any = null;
    if (fileDocId) {
      const where = /^\d+$/.test(fileDocId) ? { $or: [{ id: Number(fileDocId) }, { documentId: fileDocId }] } : { documentId: fileDocId };
      file = await strapi.db.query('plugin::upload.file').findOne({ where });
      if (!file && strapi.contentTypes[SOD as any]) {
        const doc: any = await strapi.db.query(SOD as any).findOne({ where: { documentId: fileDocId }, populate: { content: true } });
        file = doc?.content ?? null;
      }
    } else {
      file = await strapi.db.query('plugin::upload.file').findOne({ where: { url: urlPath } });
    }
    if (!file || (urlPath && file.url !== urlPath)) {
      ctx.status = 404;
      ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Arquivo não encontrado no storage', details: {} } };
      return;
    }

    const scope = await getScope(strapi, ctx.state.user);
    if (!(await fileVisible(scope, file.id))) {
      throw new errors.PolicyError('Acesso negado: Você não tem permissão para acessar este arquivo');
    }
    // The host comes from configuration (PUBLIC_URL), never from the request (a client-sent
    // X-Forwarded-Host must not choose where the link points; issue 8 item 5). Without
    // PUBLIC_URL the link is relative to the origin that serves the PWA and the API.
    const origin = String(strapi.config.get('server.url') || '').replace(/\/+$/, '');
    ctx.body = { data: { signedUrl: `${origin}${signFileUrl(file.url)}`, expiresIn: signedUrlTtl() } };
  },
}));

/** Validates and sanitises `{data}` of a write; relation ids normalised to numbers. */
async function prepareWrite(controller: any, ctx: any) {
  const body = ctx.request.body;
  if (!body || typeof body !== 'object' || !body.data || typeof body.data !== 'object' || Array.isArray(body.data)) {
    throw new errors.ValidationError('Missing "data" payload in the request body');
  }
  await controller.validateInput(body.data, ctx);
  const data: any = await controller.sanitizeInput(body.data, ctx);
  for (const [key, type] of [['user_dispatcher_id', 'dispatcher'], ['user_company_id', 'company']] as const) {
    if (key in data) {
      data[key] = relationId(data[key]);
      await checkParty(data[key], type);
    }
  }
  if (typeof data.name === 'string') data.name = data.name.trim();
  return data;
}

/** `/uploads/x.pdf` from an absolute or relative URL, without query; null when not under /uploads/. */
function pathOf(url: string): string | null {
  try {
    const path = new URL(url, 'http://placeholder').pathname;
    return path.startsWith('/uploads/') ? path : null;
  } catch {
    return null;
  }
}

/**
 * Who may see which stored file (docs/decisions.md): administrators any; others only a file that is
 * attached somewhere and whose EVERY attachment is visible to them (a company logo counts as visible;
 * an order document counts when its order is in the caller's scope). Requiring every attachment stops
 * a caller from "adopting" someone else's file id into a document of their own order.
 */
async function fileVisible(scope: Scope, fileId: number): Promise<boolean> {
  if (scope.kind === 'all') return true;
  const morphs: any[] = await strapi.db
    .connection('files_related_mph')
    .where({ file_id: fileId })
    .select('related_type', 'related_id', 'field');
  if (morphs.length === 0) return false;
  for (const m of morphs) {
    if (m.related_type === 'api::company.company' && m.field === 'logo') continue;
    if (m.related_type !== SOD) return false;
    const doc: any = await strapi.db.query(SOD as any).findOne({
      where: { id: m.related_id },
      populate: { sales_order: { populate: { user_company_id: true, user_dispatcher_id: true, user_id: true } } },
    });
    if (!orderVisible(scope, doc?.sales_order)) return false;
  }
  return true;
}
