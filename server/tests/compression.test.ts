import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression, { SYNC_LIMIT } from '../src/middlewares/compression';
import { login, originUrl } from './helpers/api';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with node:http, which (unlike fetch) leaves the body as sent: encoded bytes and real headers. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode: Record<string, (b: Buffer) => Buffer> = {
  br: (b) => zlib.brotliDecompressSync(b),
  gzip: (b) => zlib.gunzipSync(b),
  deflate: (b) => zlib.inflateSync(b),
};

describe('global::compression on the API (docs/decisions.md "Compressing API answers")', () => {
  it('a list answer is compressed in one piece, with its Content-Length, by Accept-Encoding; the JSON is the same', async () => {
    const token = await login('admin');
    const url = `${originUrl()}/api/sales-orders?populate=*&pagination[pageSize]=25`;
    const auth = { Authorization: `Bearer ${token}` };
    const plain = await raw(url, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.data.length).toBeGreaterThan(0);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['deflate', 'deflate'],
    ] as const) {
      const res = await raw(url, { ...auth, 'Accept-Encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      // one synchronous compression: the length is known (koa-compress's stream sent it chunked, without one)
      expect(res.headers['content-length'], accept).toBe(String(res.body.length));
      expect(res.headers['transfer-encoding'], accept).toBeUndefined();
      expect(JSON.parse(decode[encoding](res.body).toString('utf8')), accept).toEqual(json);
    }
  });

  it('a small answer (an error under 1 KB) is sent as it is', async () => {
    const small = await raw(`${originUrl()}/api/states`, { 'Accept-Encoding': 'br, gzip' });
    expect(small.status).toBe(403);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).error.name).toBe('ForbiddenError');
  });
});

describe('global::compression, the middleware alone on a Koa app', () => {
  let server: http.Server;
  let base = '';
  const big = { rows: Array.from({ length: 6000 }, (_, i) => ({ id: i, text: `linha ${i} ${'x'.repeat(40)}` })) };

  beforeAll(async () => {
    const app = new Koa();
    app.use(compression() as never);
    app.use(async (ctx) => {
      const what = ctx.path.slice(1);
      if (what === 'json') ctx.body = { ok: true, text: 'a'.repeat(2000) };
      else if (what === 'tiny') ctx.body = { ok: true };
      else if (what === 'threshold') ctx.body = 'b'.repeat(Number(ctx.query.n));
      else if (what === 'big') ctx.body = big;
      else if (what === 'stream') {
        ctx.type = 'text/plain';
        ctx.body = Readable.from(['c'.repeat(5000), 'd'.repeat(5000)]);
      } else if (what === 'no-transform') {
        ctx.set('Cache-Control', 'no-transform');
        ctx.body = { text: 'e'.repeat(5000) };
      } else if (what === 'image') {
        ctx.type = 'image/png';
        ctx.body = Buffer.alloc(5000, 1);
      }
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('compresses from 1 KB (koa-compress threshold), never below', async () => {
    const below = await raw(`${base}/threshold?n=1023`, { 'Accept-Encoding': 'gzip' });
    expect(below.headers['content-encoding']).toBeUndefined();
    expect(below.body.length).toBe(1023);
    const at = await raw(`${base}/threshold?n=1024`, { 'Accept-Encoding': 'gzip' });
    expect(at.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(at.body).toString()).toBe('b'.repeat(1024));
    const tiny = await raw(`${base}/tiny`, { 'Accept-Encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString())).toEqual({ ok: true });
  });

  it('no Accept-Encoding, identity, HEAD, no-transform and incompressible types are left alone', async () => {
    expect((await raw(`${base}/json`)).headers['content-encoding']).toBeUndefined();
    expect((await raw(`${base}/json`, { 'Accept-Encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    const head = await raw(`${base}/json`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
    const noTransform = await raw(`${base}/no-transform`, { 'Accept-Encoding': 'br' });
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(noTransform.body.toString()).text).toHaveLength(5000);
    const image = await raw(`${base}/image`, { 'Accept-Encoding': 'br' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(5000);
  });

  it(`an answer over ${SYNC_LIMIT / 1024} KB and a stream still go through koa-compress's stream`, async () => {
    const json = Buffer.from(JSON.stringify(big));
    expect(json.length).toBeGreaterThan(SYNC_LIMIT);
    const large = await raw(`${base}/big`, { 'Accept-Encoding': 'br' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(large.headers['content-type']).toMatch(/^application\/json/);
    expect(zlib.brotliDecompressSync(large.body).equals(json)).toBe(true);
    const stream = await raw(`${base}/stream`, { 'Accept-Encoding': 'gzip' });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(stream.body).toString()).toBe('c'.repeat(5000) + 'd'.repeat(5000));
  });

  it('prefers br, then gzip, then deflate, by the weights of Accept-Encoding', async () => {
    const enc = async (accept: string) => (await raw(`${base}/json`, { 'Accept-Encoding': accept })).headers['content-encoding'];
    expect(await enc('gzip, deflate, br')).toBe('br');
    expect(await enc('br;q=0.5, gzip')).toBe('gzip');
    expect(await enc('deflate, gzip;q=0.1')).toBe('deflate');
    expect(await enc('*')).toBe('gzip');
    const res = await raw(`${base}/json`, { 'Accept-Encoding': 'br' });
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual({ ok: true, text: 'a'.repeat(2000) });
  });
});
