import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, ownPartyField, scopeFilter, type Scope } from '../../../utils/scope';
import { scopedActions } from '../../../utils/scoped-controller';
import { signFileUrl, signedUrlTtl } from '../../../utils/signed-url';
import type { AppContext, Json } from '../../../utils/types';

/** What is read of an upload file row. */
type FileRow = { id: number; url: string };

const UID = 'api::document-type.document-type';
const SOD = 'api::sales-order-document.sales-order-document';

export default factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * find/findOne/create/update/delete: the common scoped actions (utils/scoped-controller.ts,
   * scope `api::document-type.document-type` in utils/scope.ts); a party creating a type is its
   * own side of it, and cannot move a type to another party on update. Rules: the service.
   */
  ...scopedActions(UID, strapi, {
    notFound: 'Tipo de documento não encontrado',
    writePopulate: ['user_dispatcher_id', 'user_company_id'],
    force(data: Json, scope: Scope, op: 'create' | 'update') {
      const own = ownPartyField(scope);
      if (!own) return;
      if (op === 'create') data[own] = scope.userId;
      else delete data[own];
    },
  }),

  /**
   * GET /document-types/get-signed-url?fileDocId=&fileUrl= → `{data:{signedUrl}}` (spec 001 §7, §8 "Files").
   * fileDocId: the upload file's documentId or numeric id, or a sales-order-document documentId.
   * Allowed: administrators; anyone for a company logo; otherwise the file must be the content of a
   * sales-order-document whose order is in the caller's scope (403 otherwise, 404 when unknown).
   */
  async getSignedUrl(ctx: AppContext) {
    const query = ctx.query as Json;
    if ((query.fileDocId !== undefined && typeof query.fileDocId !== 'string') || (query.fileUrl !== undefined && typeof query.fileUrl !== 'string')) {
      throw new errors.ValidationError('Parâmetros inválidos: fileDocId e fileUrl devem ser textos.');
    }
    const { fileDocId, fileUrl } = query as { fileDocId?: string; fileUrl?: string }; // checked just above
    if (!fileDocId && !fileUrl) throw new errors.ValidationError('Informe fileDocId ou fileUrl.');
    const urlPath = fileUrl ? pathOf(fileUrl) : null;
    if (fileUrl && !urlPath) throw new errors.ValidationError('fileUrl inválida.');

    let file: FileRow | null = null;
    if (fileDocId) {
      const where = /^\d+$/.test(fileDocId) ? { $or: [{ id: Number(fileDocId) }, { documentId: fileDocId }] } : { documentId: fileDocId };
      file = await strapi.db.query('plugin::upload.file').findOne({ where });
      if (!file && strapi.contentTypes[SOD]) {
        const doc: { content?: FileRow | null } | null = await strapi.db.query(SOD).findOne({ where: { documentId: fileDocId }, populate: { content: true } });
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
  const morphs: { related_type: string; related_id: number; field: string }[] = await strapi.db
    .connection('files_related_mph')
    .where({ file_id: fileId })
    .select('related_type', 'related_id', 'field');
  if (morphs.length === 0) return false;
  for (const m of morphs) {
    if (m.related_type === 'api::company.company' && m.field === 'logo') continue;
    if (m.related_type !== SOD) return false;
    const visible = await strapi.db.query(SOD).findOne({ where: { $and: [{ id: m.related_id }, scopeFilter(SOD, scope, 'read') ?? {}] }, select: ['id'] });
    if (!visible) return false;
  }
  return true;
}
