import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from 'koa-send';
import type { AppContext } from '../utils/types';

/**
 * `global::pwa`: Strapi itself serves the built PWA (`PWA_DIR`, set by `npm start` to the
 * repository's `dist/`), so the app and its API share one origin and one process
 * (docs/decisions.md "Strapi serves the PWA"). Without `PWA_DIR` (API-only deployments, the API tests) it does nothing.
 *
 * Rules, for GET/HEAD only (anything else goes on to the API):
 * - `/api`, `/uploads`, `/_health` and `/_ready` (also when they only appear after decoding, e.g.
 *   `/uploads%2fx`) are never touched: the API and `global::signed-files` answer them.
 * - A file of `PWA_DIR` is sent through koa-send, which picks the `.br` / `.gz` twin written
 *   at build time (vite-plugin-compression2) by `Accept-Encoding`; `Vary: Accept-Encoding`.
 * - `/assets/*` (Vite's content-hashed files): `Cache-Control: public, max-age=31536000,
 *   immutable`; a missing one is a 404, never the HTML fallback, so a stale page fails loudly.
 * - Every other file (`index.html`, `sw.js`, `manifest.webmanifest`, `config.js`, icons):
 *   `Cache-Control: no-cache`, revalidated by `Last-Modified` (304).
 * - A path whose last segment has no dot and is not a file is a client route: `index.html`.
 *   A missing dotted name (`/robots.txt`) goes on to Strapi (its own public folder, else 404).
 * - A navigation to a page (`Sec-Fetch-Dest: document`) gets index.html with config.js's code
 *   written into it (`inlineRuntimeConfig`; LCP: one request less on a cold start, and
 *   index.html's early list request leaves at once), from memory (global::compression compresses
 *   it), `Last-Modified` the later of the two files. Any other fetch of index.html (the service
 *   worker's precache, which then takes config.js through its own cache) gets the file as built.
 *   Both carry `Vary: Accept-Encoding, Sec-Fetch-Dest`.
 * - Pages and the other files carry the PWA's Content-Security-Policy (see `pwaCsp`) besides
 *   the API's helmet headers (nosniff, Referrer-Policy, HSTS) set by `strapi::security` before
 *   this; hashed assets keep only nosniff, Referrer-Policy and HSTS (DOCUMENT_ONLY_HEADERS).
 */
export default () => {
  const root = process.env.PWA_DIR ? path.resolve(process.env.PWA_DIR) : '';
  const indexFile = root ? path.join(root, 'index.html') : '';
  if (!root || !existsSync(indexFile)) {
    return async (_ctx: AppContext, next: () => Promise<void>) => next();
  }

  const configFile = path.join(root, 'config.js');
  let cache: { key: string; value: { csp: string; navigation?: { html: string; csp: string; lastModified: Date } } } | undefined;
  /**
   * What index.html and config.js make, recomputed when either changes on disk: the files' CSP
   * (inline hashes, API origin) and a navigation's page with config.js written into it and its CSP.
   */
  const fromDisk = () => {
    const mtimes = [indexFile, configFile].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0));
    const key = mtimes.join(':');
    if (cache?.key !== key) {
      const built = readFileSync(indexFile, 'utf8');
      const config = mtimes[1] ? readFileSync(configFile, 'utf8') : '';
      const html = mtimes[1] ? inlineRuntimeConfig(built, config) : undefined;
      const extra = process.env.CSP_EXTRA_ORIGINS;
      cache = {
        key,
        value: {
          csp: pwaCsp(built, config, extra),
          navigation: html === undefined ? undefined : { html, csp: pwaCsp(html, config, extra), lastModified: new Date(Math.max(...mtimes)) },
        },
      };
    }
    return cache.value;
  };

  return async (ctx: AppContext, next: () => Promise<void>) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const normalized = path.posix.normalize(decoded.replace(/\\/g, '/'));
    if (/^\/+(api|uploads|_health|_ready)(\/|$)/i.test(normalized) || /^\/+(api|uploads)(\/|$)/i.test(decoded)) return next();
    if (decoded.includes('\0') || normalized.split('/').includes('..')) return next();

    const relative = normalized.replace(/^\/+/, '');
    const target = path.join(root, relative);
    const inside = target === root || target.startsWith(root + path.sep);
    const isFile = inside && relative !== '' && !path.basename(relative).endsWith('.br') && !path.basename(relative).endsWith('.gz') && fileExists(target);
    const isAsset = relative.startsWith('assets/');
    const lastSegment = relative.split('/').pop() ?? '';

    let file: string;
    if (isFile) file = relative;
    else if (isAsset) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not Found';
      ctx.set('Cache-Control', 'no-store');
      return;
    } else if (!lastSegment.includes('.')) file = 'index.html';
    else return next();

    const immutable = file.startsWith('assets/');
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.set('Vary', file === 'index.html' ? 'Accept-Encoding, Sec-Fetch-Dest' : 'Accept-Encoding');
    const page = file === 'index.html' && ctx.get('Sec-Fetch-Dest') === 'document' ? fromDisk().navigation : undefined;
    if (page) {
      ctx.set('Content-Security-Policy', page.csp);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.status = 200;
      ctx.type = 'html';
      ctx.lastModified = page.lastModified;
      if (ctx.fresh) ctx.status = 304;
      else ctx.body = page.html;
      return;
    }
    if (immutable) for (const header of DOCUMENT_ONLY_HEADERS) ctx.remove(header);
    else ctx.set('Content-Security-Policy', fromDisk().csp);
    if (file === 'index.html') ctx.set('X-Frame-Options', 'DENY');
    await send(ctx, file, { root, brotli: true, gzip: true, hidden: false, index: false, format: false });
    if (!immutable && ctx.status === 200 && ctx.fresh) {
      (ctx.body as Readable | undefined)?.destroy?.(); // koa-send's file stream
      ctx.status = 304;
    } else if (ctx.method === 'HEAD') {
      (ctx.body as Readable | undefined)?.destroy?.(); // koa answers HEAD without reading the stream: close the file now
    }
  };
};

/**
 * index.html with the runtime configuration written into it (LCP): config.js's tag
 * (`<script src="/config.js" defer></script>`, in <head>) removed, and config.js's code in an
 * inline `<script>` at the `<!--balcao:config-->` marker, which index.html puts after the
 * skeleton (an inline script in <head> would hold up the first paint) and before the script that
 * sends the list's early request. `pwaCsp` of the result allows it by hash.
 * Returns undefined, and the page is served as built, when the page lacks the tag or the marker,
 * or when the code holds `</script` or `<!--` (which would end or bend the inline script).
 */
export function inlineRuntimeConfig(html: string, configJs: string): string | undefined {
  const tag = /[ \t]*<script src="\/config\.js" defer><\/script>[ \t]*\r?\n?/;
  const marker = '<!--balcao:config-->';
  if (!tag.test(html) || !html.includes(marker) || /<\/script|<!--/i.test(configJs)) return undefined;
  return html.replace(tag, '').replace(marker, () => `<script>\n${configJs.trim()}\n</script>`);
}

/**
 * Headers that only mean something on a document, a worker or an API answer, dropped from the
 * hashed scripts and stylesheets under /assets: a browser ignores a CSP or a framing
 * rule on a script, and the ~0.9 KB they took was most of the answer for the many small chunks
 * of a cold start (a 100-byte chunk came with 1.2 KB of headers). nosniff, Referrer-Policy and
 * HSTS stay; a same-origin module needs no CORS headers.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Expose-Headers',
];

function fileExists(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The PWA's Content-Security-Policy. Scripts: only same-origin files plus the sha256 of each
 * inline `<script>` of index.html (the skeleton chooser); styles: same origin and inline (the
 * skeleton's critical CSS, component style attributes); images: same origin, `data:` and
 * `blob:` (file previews); the API origin of `config.js` (`apiUrl`, when absolute) and
 * `CSP_EXTRA_ORIGINS` (comma separated) are added to connect/img/media/frame sources, so a
 * build pointed at another host still reaches it. `frame-ancestors 'none'`: nobody frames the app.
 */
export function pwaCsp(indexHtml: string, configJs: string, extraOrigins?: string): string {
  const hashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1])
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  const origins = new Set<string>();
  const code = configJs.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const apiUrl = /apiUrl\s*:\s*['"`]([^'"`]+)['"`]/.exec(code)?.[1];
  if (apiUrl && /^https?:\/\//i.test(apiUrl)) {
    try {
      origins.add(new URL(apiUrl).origin);
    } catch {
      // not a URL: the app will fail to reach it anyway
    }
  }
  for (const o of (extraOrigins ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean))
    origins.add(o);
  const extra = [...origins].join(' ');
  const withExtra = (...sources: string[]) => [...sources, extra].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...hashes].join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withExtra("'self'", 'data:', 'blob:')}`,
    "font-src 'self' data:",
    `connect-src ${withExtra("'self'")}`,
    `media-src ${withExtra("'self'", 'blob:')}`,
    `frame-src ${withExtra("'self'", 'blob:')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
