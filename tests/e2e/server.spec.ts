import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The production server of `npm start` (Strapi serving dist/ through global::pwa),
 * checked over raw HTTP so nothing decompresses or follows
 * for us: cache headers per kind of file, precompressed answers, the 404s that must not fall
 * back to index.html, the history fallback, the security headers, framing, 304 revalidation
 * and a >1 MB body on the app's port.
 */

const PORT = Number(process.env.E2E_PORT ?? '4391');
const dist = path.resolve('dist');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path: pathname, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The entry script of the built index.html (a content-hashed file under /assets). */
function entryScript(): string {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in dist/index.html');
  return src;
}

function expectSecurityHeaders(a: Answer) {
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['referrer-policy']).toBeTruthy();
  expect(a.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(a.headers['content-security-policy']).toContain("default-src 'self'");
}

test.describe('production server (npm start)', () => {
  test('index.html at a client route: no-cache, CSP that forbids framing, security headers, skeleton', async () => {
    for (const route of ['/', '/login', '/sales-orders', '/sales-order/abc123/documentos']) {
      const a = await get(route, { Accept: 'text/html' });
      expect(a.status, route).toBe(200);
      expect(a.headers['content-type']).toMatch(/^text\/html/);
      expect(a.headers['cache-control']).toBe('no-cache');
      expect(a.headers['x-frame-options']).toBe('DENY');
      expectSecurityHeaders(a);
      const csp = a.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const html = a.body.toString('utf8');
      expect(html).toContain('<div id="root">');
      expect(html).toContain('sk-auth');
      // Its inline scripts come after the skeleton (index.html; the route preloads' too, scripts/vite/route-preload.ts).
      expect(html.split('</head>')[0]).not.toMatch(/<script>/);
    }
  });

  test("a navigation gets config.js's code written into the page (one request less); any other fetch gets index.html as built", async () => {
    const config = readFileSync(path.join(dist, 'config.js'), 'utf8').trim();
    const built = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const nav = await get('/sales-orders', { Accept: 'text/html', 'Sec-Fetch-Dest': 'document', 'Accept-Encoding': 'br' });
    expect(nav.status).toBe(200);
    expect(nav.headers['content-encoding']).toBe('br');
    expect(nav.headers.vary).toMatch(/Sec-Fetch-Dest/i);
    expect(nav.headers['cache-control']).toBe('no-cache');
    expect(nav.headers['x-frame-options']).toBe('DENY');
    const html = zlib.brotliDecompressSync(nav.body).toString('utf8');
    expect(html).not.toContain('<script src="/config.js"');
    expect(html).toContain(`<script>\n${config}\n</script>`);
    // after the skeleton (no inline script in <head>), before the early list request
    expect(html.split('</head>')[0]).not.toMatch(/<script>/);
    expect(html.indexOf(config)).toBeLessThan(html.indexOf('__balcaoEarly'));
    // the CSP allows exactly that script by hash
    const hash = createHash('sha256').update(`\n${config}\n`).digest('base64');
    expect(nav.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    // revalidation by the later of the two files' dates
    const again = await get('/sales-orders', { 'Sec-Fetch-Dest': 'document', 'If-Modified-Since': nav.headers['last-modified'] as string });
    expect(again.status).toBe(304);
    // the service worker's precache (and any fetch that is not a navigation) gets the built file, config.js's tag included
    for (const dest of [{}, { 'Sec-Fetch-Dest': 'empty' }] as Record<string, string>[]) {
      const plain = await get('/index.html', { ...dest, 'Accept-Encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.body.toString('utf8')).toBe(built);
      expect(plain.headers.vary).toMatch(/Sec-Fetch-Dest/i);
    }
  });

  test('hashed assets: immutable for a year, brotli or gzip twin by Accept-Encoding, Vary', async () => {
    const src = entryScript();
    const original = readFileSync(path.join(dist, src));

    const br = await get(src, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    // Only the headers that mean something on a script (pwa.ts DOCUMENT_ONLY_HEADERS).
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['referrer-policy']).toBeTruthy();
    for (const h of ['content-security-policy', 'x-frame-options', 'access-control-allow-origin', 'x-download-options']) {
      expect(br.headers[h], h).toBeUndefined();
    }

    const gz = await get(src, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await get(src, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    const css = readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.css'));
    expect(css).toBeTruthy();
    const style = await get(`/assets/${css}`, { 'Accept-Encoding': 'br' });
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['content-encoding']).toBe('br');
    expect(style.headers['cache-control']).toContain('immutable');

    const html = await get('/login', { 'Accept-Encoding': 'gzip, br' });
    expect(html.headers['content-encoding']).toBe('br');
  });

  test("every script under /assets starts with V8's compile hint, the entry's twins too", async () => {
    // balcao:compile-hints (scripts/vite/compile-hints.ts): the hint only counts before the file's first token.
    const hint = '//# allFunctionsCalledOnLoad\n';
    const src = entryScript();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const a = await get(src, { 'Accept-Encoding': encoding });
      const body = encoding === 'br' ? zlib.brotliDecompressSync(a.body) : encoding === 'gzip' ? zlib.gunzipSync(a.body) : a.body;
      expect(body.toString('utf8').startsWith(hint), encoding).toBe(true);
    }
    // A module worker's bundle (compress-image.worker-*.js) is built apart by Vite, and its functions compile on the worker's thread.
    const chunks = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !f.includes('.worker-'));
    expect(chunks.length).toBeGreaterThan(10);
    let twins = 0;
    for (const f of chunks) {
      const code = readFileSync(path.join(dist, 'assets', f));
      expect(code.toString('utf8').startsWith(hint), f).toBe(true);
      // Each precompressed twin is the file's exact bytes.
      for (const [ext, decode] of [
        ['.br', zlib.brotliDecompressSync],
        ['.gz', zlib.gunzipSync],
      ] as const) {
        const twin = path.join(dist, 'assets', f + ext);
        if (!existsSync(twin)) continue;
        twins++;
        expect(decode(readFileSync(twin)).equals(code), f + ext).toBe(true);
      }
    }
    expect(twins).toBeGreaterThan(chunks.length);
  });

  test('the tab icon is a PNG written into the page (no request), not an SVG (parsed as a document on the main thread)', async () => {
    const html = (await get('/login')).body.toString('utf8');
    const icons = [...html.matchAll(/<link rel="icon"[^>]*href="data:image\/png;base64,([^"]+)"/g)].map((m) => m[1]!);
    expect(icons).toHaveLength(1);
    // The app's own icon, which the manifest names too and the server still serves.
    const file = readFileSync(path.join(dist, 'pwa/icon-192.png'));
    expect(Buffer.from(icons[0]!, 'base64').equals(file)).toBe(true);
    const served = await get('/pwa/icon-192.png');
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  test('every file outside /assets (index.html, config.js, sw.js, manifest, icons) is no-cache', async () => {
    const files = readdirSync(dist).filter((f) => statSync(path.join(dist, f)).isFile() && !/\.(br|gz)$/.test(f));
    // the service worker and the manifest are among them: a stale one would pin an old release
    expect(files).toEqual(expect.arrayContaining(['index.html', 'config.js', 'sw.js', 'manifest.webmanifest']));
    for (const f of files) {
      const a = await get(`/${f}`, { 'Accept-Encoding': 'br, gzip' });
      expect(a.status, f).toBe(200);
      expect(a.headers['cache-control'], f).toBe('no-cache');
      expectSecurityHeaders(a);
    }
    // config.js is edited on the host: never served from a stale precompressed twin.
    const config = await get('/config.js', { 'Accept-Encoding': 'br, gzip' });
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.body.toString('utf8')).toContain('__BALCAO_CONFIG__');
  });

  test('no-cache files revalidate: If-Modified-Since answers 304', async () => {
    const first = await get('/config.js');
    const lastModified = first.headers['last-modified'];
    expect(lastModified).toBeTruthy();
    const again = await get('/config.js', { 'If-Modified-Since': lastModified as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test('a missing file under /assets is a 404, never the HTML fallback', async () => {
    for (const p of ['/assets/index-00000000.js', '/assets/nope.css', '/assets/deep/missing.js']) {
      const a = await get(p, { Accept: 'text/html,*/*' });
      expect(a.status, p).toBe(404);
      expect(a.headers['content-type'] ?? '').not.toMatch(/html/);
      expect(a.body.toString('utf8')).not.toContain('<div id="root">');
    }
  });

  test('/api and /uploads never fall back to index.html, whatever the encoding', async () => {
    const paths = [
      '/api',
      '/api/',
      '/api/nope',
      '/api/sales-orders/unknown',
      '/uploads/nope.pdf',
      '/uploads',
      '/uploads%2fnope.pdf',
      '/UPLOADS/x.pdf',
      '/api%2fnope',
    ];
    for (const p of paths) {
      const a = await get(p, { Accept: 'text/html' });
      expect(a.status, p).toBeGreaterThanOrEqual(400);
      expect(a.body.toString('utf8'), p).not.toContain('<div id="root">');
    }
  });

  test('a missing dotted file outside /assets is a 404 too; /favicon.ico (asked by browsers) is an icon', async () => {
    const a = await get('/nope-404.txt', { Accept: 'text/html' });
    expect(a.status).toBe(404);
    expect(a.body.toString('utf8')).not.toContain('<div id="root">');
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
  });

  test('the login page cannot be framed by another origin', async ({ page }) => {
    await page.route('http://framer.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>x</title><iframe id="f" src="http://127.0.0.1:${PORT}/login"></iframe>` }),
    );
    await page.goto('http://framer.test/');
    const child = () => page.frames().find((f) => f !== page.mainFrame());
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    await expect.poll(() => child()?.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('#f').getByRole('button', { name: 'Entrar' })).toHaveCount(0);
  });

  test('a body over 1 MB through the app port answers 413 and the next request still works', async () => {
    const body = JSON.stringify({ identifier: 'x'.repeat(1_200_000), password: 'y' });
    const socket = net.connect(PORT, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', () => {});
    socket.write(
      `POST /api/auth/local HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`,
    );
    socket.write(body);
    await expect.poll(() => /\r\n\r\n/.test(received), { timeout: 10_000 }).toBe(true);
    const head = received.split('\r\n\r\n')[0] ?? '';
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');

    // Under 64 MB the rest of the body is drained (server/src/middlewares/body-drain.ts): the connection
    // stays open, and once the 413 is read in full the next request on it is answered.
    expect(head).not.toMatch(/^connection:\s*close/im);
    const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? '0');
    await expect.poll(() => received.length >= head.length + 4 + length, { timeout: 10_000 }).toBe(true);
    const before = head.length + 4 + length;
    socket.write(`GET /_health HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`);
    await expect.poll(() => received.slice(before).split('\r\n')[0], { timeout: 10_000 }).toBe('HTTP/1.1 204 No Content');
    socket.destroy();
  });
});
