import { open } from 'node:fs/promises';
import { isAdminUser } from '../utils/scope';
import type { AppContext, UploadedFile, UploadedFiles } from '../utils/types';

/**
 * `global::upload-guard` (spec 001 §5, §9), a route middleware of the upload plugin's
 * `POST /api/upload` route (extensions/upload/strapi-server.ts), so every spelling the router matches
 * (`/api/Upload`, `/API/upload/`) runs it. The upload accepts only
 * pdf, png, jpg/jpeg, heic and webp, recognised by their first bytes (magic numbers) and by an
 * extension that agrees with the content, each at most 15 MB (UPLOAD_MAX_BYTES). Anything else is
 * refused with 400 (413 for size) and a Portuguese message, before Strapi stores a byte. Replacing
 * an existing file (`?id=`) or linking to an entry (ref/refId/field) is for administrators only.
 * More than UPLOAD_MAX_FILES (10) files in one request answers 400.
 */
const MAX_BYTES = () => Number(process.env.UPLOAD_MAX_BYTES) || 15 * 1024 * 1024;
/** Files per upload request (UPLOAD_MAX_FILES, default 10): formidable 2 (Strapi's parser) has no such limit. */
const MAX_FILES = () => Number(process.env.UPLOAD_MAX_FILES) || 10;
const ALLOWED = 'pdf, png, jpg, jpeg, heic, webp';

/** Detected kind of a file from its first 16 bytes, or null. */
export function sniff(head: Buffer): 'pdf' | 'png' | 'jpeg' | 'webp' | 'heic' | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp' && /^(heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(head.subarray(8, 12).toString('latin1')))
    return 'heic';
  return null;
}

const EXTENSIONS: Record<string, string[]> = { pdf: ['pdf'], png: ['png'], jpeg: ['jpg', 'jpeg'], webp: ['webp'], heic: ['heic', 'heif'] };
const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', heic: 'image/heic' };

function refuse(ctx: AppContext, status: number, message: string) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name: status === 413 ? 'PayloadTooLargeError' : 'ValidationError', message, details: {} } };
}

async function head(filepath: string): Promise<Buffer> {
  const fh = await open(filepath, 'r');
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await fh.read(buf, 0, 16, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  if (!ctx.is('multipart')) return refuse(ctx, 400, 'Envie o arquivo como multipart/form-data no campo "files".');
  const fields: { ref?: unknown; refId?: unknown; field?: unknown } = ctx.request.body ?? {};
  // the route runs after authentication: ctx.state.user is the caller (users-permissions populates its role)
  const replacesOrLinks = ctx.query.id !== undefined || fields.ref !== undefined || fields.refId !== undefined || fields.field !== undefined;
  if (replacesOrLinks && !isAdminUser(ctx.state.user)) {
    return refuse(ctx, 403, 'Apenas administradores podem substituir arquivos ou vinculá-los diretamente a registros.');
  }
  const files = (ctx.request.files ?? {}) as UploadedFiles;
  const list: UploadedFile[] = Object.values(files).flatMap((f) => (Array.isArray(f) ? f : [f]));
  if (list.length === 0) return refuse(ctx, 400, 'Nenhum arquivo enviado: use o campo "files".');
  if (list.length > MAX_FILES()) return refuse(ctx, 400, `Envie no máximo ${MAX_FILES()} arquivos por vez (recebidos ${list.length}).`);
  for (const f of list) {
    const name: string = f.originalFilename ?? f.name ?? '';
    if (f.size > MAX_BYTES()) return refuse(ctx, 413, `O arquivo "${name}" excede o limite de 15 MB.`);
    const ext = (name.split('.').pop() ?? '').toLowerCase();
    const kind = sniff(await head(f.filepath ?? f.path));
    if (!kind || !EXTENSIONS[kind].includes(ext)) {
      return refuse(ctx, 400, `Tipo de arquivo não permitido: "${name}". Envie um arquivo ${ALLOWED} válido.`);
    }
    f.mimetype = MIME[kind]; // trust the content, not the client's Content-Type
  }
  return next();
};
