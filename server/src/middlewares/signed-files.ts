import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { verifySignedPath } from '../utils/signed-url';
import { classifyUploadPath } from '../utils/upload-path';
import { readObject, usesObjectStorage } from '../utils/object-storage';
import type { AppContext } from '../utils/types';

/**
 * `global::signed-files`: the only server of stored files. It answers every request
 * that names /uploads in any spelling itself and never calls `next()` for them, so the static routes
 * behind it (strapi::public's `/((?!uploads/).+)` and the upload plugin's `/uploads/(.*)`, both
 * koa-static, which decode the path again) never read the upload folder.
 *
 * - A request path is read once (utils/upload-path.ts `classifyUploadPath`): only the plain
 *   `/uploads/<name>` spelling is a file; any other spelling that decodes/normalizes into /uploads
 *   (`%2f`, `%252f`, `..`, `\`, `;`, `//`, upper-case, …) answers 404 whatever its signature.
 * - The signature (`?expires=&signature=`, utils/signed-url.ts) is checked against that same
 *   canonical path, and the file served is `<public dir>/uploads/<name>` of that same name.
 *   Missing or tampered → 403, expired → 410 Gone (docs/decisions.md). GET and HEAD only (405).
 * - Served with `Cache-Control: private, max-age=60`, the type taken from the extension.
 * - With UPLOAD_PROVIDER=s3 (utils/object-storage.ts) the bytes come from the private bucket,
 *   object `<name>`, read with the server's credentials: any instance serves any file.
 *
 * Also turns the stock 403 of an anonymous request to the signed-URL route (the route the router
 * matched, whatever the path's spelling) into the spec's 401 text (spec 001 §8 "Files").
 */
const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.avif': 'image/avif',
};

function answer(ctx: AppContext, status: number, name: string, message: string) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message, details: {} } };
}

const SIGNED_URL_HANDLER = 'document-type.getSignedUrl';

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  const target = classifyUploadPath(ctx.path);
  if (target.kind === 'none') {
    await next();
    // spec 001 §8 "Files": an anonymous signed-URL request is a 401, not the stock 403.
    if (ctx.status === 403 && !ctx.get('Authorization') && ctx.state.route?.handler === SIGNED_URL_HANDLER) {
      answer(ctx, 401, 'UnauthorizedError', 'Não autenticado: Faça login para acessar este arquivo');
    }
    return;
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.set('Allow', 'GET, HEAD');
    return answer(ctx, 405, 'MethodNotAllowedError', 'Método não permitido para arquivos.');
  }
  if (target.kind === 'refused') return answer(ctx, 404, 'NotFoundError', 'Arquivo não encontrado');

  const { expires, signature } = ctx.query ?? {};
  const verdict = verifySignedPath(target.canonical, expires, signature);
  if (verdict === 'expired') return answer(ctx, 410, 'GoneError', 'Link expirado: gere uma nova URL assinada para acessar este arquivo');
  if (verdict !== 'ok') return answer(ctx, 403, 'ForbiddenError', 'Acesso negado: Você não tem permissão para acessar este arquivo');

  const type = TYPES[path.extname(target.name).toLowerCase()] ?? 'application/octet-stream';
  if (usesObjectStorage(strapi)) {
    const object = await readObject(strapi, target.name, ctx.method === 'HEAD' ? 'HEAD' : 'GET');
    if (!object) return answer(ctx, 404, 'NotFoundError', 'Arquivo não encontrado no storage');
    ctx.status = 200;
    ctx.type = type;
    if (object.length !== undefined) ctx.length = object.length;
    if (object.lastModified) ctx.lastModified = object.lastModified;
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.set('Content-Disposition', 'inline');
    if (ctx.method === 'GET') ctx.body = object.body;
    return;
  }
  const file = path.join(strapi.dirs.static.public, 'uploads', target.name);
  const stat = await lstat(file).catch(() => null);
  if (!stat?.isFile()) return answer(ctx, 404, 'NotFoundError', 'Arquivo não encontrado no storage');
  ctx.status = 200;
  ctx.type = type;
  ctx.length = stat.size;
  ctx.lastModified = stat.mtime;
  ctx.set('Cache-Control', 'private, max-age=60');
  ctx.set('Content-Disposition', 'inline');
  if (ctx.method === 'GET') ctx.body = createReadStream(file);
};
