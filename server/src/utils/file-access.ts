import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { getScope, scopeFilter, type Scope } from './scope';
import { signFileUrl, signedUrlTtl } from './signed-url';
import type { AuthUser } from './types';

/**
 * Stored files as the API hands them out (spec 001 §7, §8 "Files"; docs/decisions.md "Private files
 * behind signed URLs"): which file a request names, whether the caller may see it, and the signed link
 * to it. The link itself is signed by signed-url.ts and served by global::signed-files.
 */

/** What is read of an upload file row. */
type FileRow = { id: number; url: string };

const FILE = 'plugin::upload.file';
const SOD = 'api::sales-order-document.sales-order-document';

/** A signed link to a stored file: `signedUrl` (PUBLIC_URL + path, or the path alone) valid for `expiresIn` seconds. */
export interface SignedFileLink {
  signedUrl: string;
  expiresIn: number;
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
 * Who may see which stored file (docs/decisions.md "Who may get a signed URL"): administrators any;
 * others only a file that is attached somewhere and whose EVERY attachment is visible to them (a
 * company logo counts as visible; an order document counts when its order is in the caller's scope). Requiring every attachment stops
 * a caller from "adopting" someone else's file id into a document of their own order.
 */
async function fileVisible(strapi: Core.Strapi, scope: Scope, fileId: number): Promise<boolean> {
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

/**
 * The upload file a request names: `fileDocId` (the file's documentId or numeric id, or a
 * sales-order-document documentId whose content it is) or `fileUrl` (absolute or relative, under
 * /uploads/; when both are given the file found must also be at that URL). Throws 400
 * 'Informe fileDocId ou fileUrl.' / 'fileUrl inválida.' and 404 'Arquivo não encontrado no storage'.
 */
async function findFile(strapi: Core.Strapi, fileDocId: string | undefined, fileUrl: string | undefined): Promise<FileRow> {
  if (!fileDocId && !fileUrl) throw new errors.ValidationError('Informe fileDocId ou fileUrl.');
  const urlPath = fileUrl ? pathOf(fileUrl) : null;
  if (fileUrl && !urlPath) throw new errors.ValidationError('fileUrl inválida.');
  let file: FileRow | null = null;
  if (fileDocId) {
    const where = /^\d+$/.test(fileDocId) ? { $or: [{ id: Number(fileDocId) }, { documentId: fileDocId }] } : { documentId: fileDocId };
    file = await strapi.db.query(FILE).findOne({ where });
    if (!file && strapi.contentTypes[SOD]) {
      const doc: { content?: FileRow | null } | null = await strapi.db.query(SOD).findOne({ where: { documentId: fileDocId }, populate: { content: true } });
      file = doc?.content ?? null;
    }
  } else {
    file = await strapi.db.query(FILE).findOne({ where: { url: urlPath } });
  }
  if (!file || (urlPath && file.url !== urlPath)) throw new errors.NotFoundError('Arquivo não encontrado no storage');
  return file;
}

/**
 * GET /document-types/get-signed-url?fileDocId=&fileUrl= (spec 001 §7, §8 "Files"): the signed link to
 * the file the query names (see findFile) when the signed-in `user` may see it (fileVisible, in the
 * user's scope). The host comes from
 * configuration (PUBLIC_URL, `server.url`), never from the request: a client-sent X-Forwarded-Host
 * must not choose where the link points; without PUBLIC_URL the link is relative to the origin that
 * serves the PWA and the API. Throws 400 'Parâmetros inválidos: fileDocId e fileUrl devem ser textos.'
 * (and findFile's 400/404), 403 'Acesso negado: …' for a file the caller may not see.
 */
export async function signedFileLink(strapi: Core.Strapi, user: AuthUser, query: Record<string, unknown>): Promise<SignedFileLink> {
  const { fileDocId, fileUrl } = query;
  const textOrNothing = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';
  if (!textOrNothing(fileDocId) || !textOrNothing(fileUrl)) {
    throw new errors.ValidationError('Parâmetros inválidos: fileDocId e fileUrl devem ser textos.');
  }
  const file = await findFile(strapi, fileDocId, fileUrl);
  const scope = await getScope(strapi, user);
  if (!(await fileVisible(strapi, scope, file.id))) {
    throw new errors.PolicyError('Acesso negado: Você não tem permissão para acessar este arquivo');
  }
  const origin = String(strapi.config.get('server.url') || '').replace(/\/+$/, '');
  return { signedUrl: `${origin}${signFileUrl(file.url)}`, expiresIn: signedUrlTtl() };
}
