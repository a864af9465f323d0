import path from 'node:path';

/**
 * The one reading of a request path that decides which stored file it names.
 * The file handler (`global::signed-files`) checks the signature against exactly this path and
 * serves exactly this file, so no encoding trick can make "what is checked" and "what is served"
 * differ.
 */

/** A stored upload's file name: what the local provider writes (`<slug>_<hash><ext>`), nothing else. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)*$/;

/**
 * `rawPath` (Koa's ctx.path: the request's path, still percent-encoded) decoded until stable (so
 * `%252f` is a slash too), with `\` read as `/`, `;params` dropped from every segment, empty and `.`
 * segments removed and `..` resolved. Undecodable input is returned as far as it decoded.
 */
export function normalizeRequestPath(rawPath: string): string {
  let p = rawPath;
  for (let i = 0; i < 5; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(p);
    } catch {
      next = p.replace(/%([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    }
    if (next === p) break;
    p = next;
  }
  p = p
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => s.split(';')[0])
    .join('/');
  return path.posix.normalize(`/${p}`).replace(/\/+$/, '') || '/';
}

/**
 * What a request path means for stored files:
 * - `{kind: 'file', name, canonical}`: it is exactly `/uploads/<name>` written plainly (no
 *   percent-encoding, no other spelling), the only form the handler serves; `canonical` is the
 *   path signatures are made for (utils/signed-url.ts);
 * - `{kind: 'refused'}`: its normalized form reaches /uploads by any other spelling (encoded
 *   slashes or dots, double encoding, backslashes, `;`, `//`, `..`, upper-case, trailing slash,
 *   nested folders): never served;
 * - `{kind: 'none'}`: it does not name anything under /uploads.
 */
export function classifyUploadPath(rawPath: string): { kind: 'none' } | { kind: 'refused' } | { kind: 'file'; name: string; canonical: string } {
  const match = /^\/uploads\/([^/]+)$/.exec(rawPath);
  if (match && FILE_NAME.test(match[1])) return { kind: 'file', name: match[1], canonical: rawPath };
  const normal = normalizeRequestPath(rawPath).toLowerCase();
  const rawLower = rawPath.toLowerCase();
  if (normal === '/uploads' || normal.startsWith('/uploads/') || rawLower.startsWith('/uploads')) return { kind: 'refused' };
  return { kind: 'none' };
}
