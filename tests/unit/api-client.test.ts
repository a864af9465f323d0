// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/** A real HTTP server standing in for Strapi: it echoes what it received. */
let server: Server;
let base = '';
const seen: Array<{ method: string; url: string; auth: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/fail')) {
        res.statusCode = 400;
        res.setHeader('x-request-id', 'b7e4c2d0-1a2b-4c3d-8e9f-0a1b2c3d4e5f');
        res.end(JSON.stringify({ data: null, error: { status: 400, name: 'ValidationError', message: 'Nome é obrigatório', details: { errors: [] } } }));
      } else if (req.url?.startsWith('/api/bare-500')) {
        res.statusCode = 500;
        res.end('oops');
      } else {
        res.end(JSON.stringify({ ok: true, data: [{ id: 1 }], meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } } }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  });
  vi.stubGlobal('window', { __BALCAO_CONFIG__: { apiUrl: base } });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  seen.length = 0;
  localStorage.setItem('token', 'jwt-abc');
});

describe('the one API client (spec 000 §7)', async () => {
  const { api, ApiError, toStrapiListQuery } = await import('@/lib/api');

  it('sends the bearer token from storage to the runtime-configured base URL', async () => {
    await api.get('/users/me', { query: { populate: 'role' } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/users/me?populate=role', auth: 'Bearer jwt-abc' });
  });

  it.each(['/auth/local', '/auth/forgot-password', '/auth/reset-password'])('sends no token to %s', async (path) => {
    await api.post(path, { email: 'a@b.c' });
    expect(seen[0]?.auth).toBeUndefined();
    expect(JSON.parse(seen[0]!.body)).toEqual({ email: 'a@b.c' });
  });

  it('writes Strapi query strings with qs (filters, pagination, sort)', async () => {
    const query = toStrapiListQuery(
      { page: 2, pageSize: 20, sort: 'name:desc', filters: { id: '5', name: 'ana', blocked: 'true', 'address_state_id.id': '3' } },
      { id: '$eq', blocked: '$eq', 'address_state_id.id': '$eq' },
    );
    await api.get('/users', { query });
    const url = decodeURIComponent(seen[0]!.url);
    expect(url).toContain('pagination[page]=2');
    expect(url).toContain('pagination[pageSize]=20');
    expect(url).toContain('sort[0]=name:desc');
    expect(url).toContain('filters[id][$eq]=5');
    expect(url).toContain('filters[name][$containsi]=ana');
    expect(url).toContain('filters[blocked][$eq]=true');
    expect(url).toContain('filters[address_state_id][id][$eq]=3');
  });

  it('parses the answer with the zod schema', async () => {
    const out = await api.get('/x', { schema: z.object({ ok: z.literal(true) }) });
    expect(out).toEqual({ ok: true });
    await expect(api.get('/x', { schema: z.object({ ok: z.literal(false) }) })).rejects.toMatchObject({ name: 'ApiError', code: 'InvalidResponse' });
  });

  it("rethrows errors as ApiError carrying the server's message", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await api.post('/fail', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Nome é obrigatório',
      code: 'ValidationError',
      hasServerMessage: true,
      requestId: 'b7e4c2d0-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    });
    const bare = await api.get('/bare-500').catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 500, hasServerMessage: false, requestId: undefined });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('reports an unreachable server as status 0', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('window', { __BALCAO_CONFIG__: { apiUrl: 'http://127.0.0.1:9/api' } });
    const error = await api.get('/users/me').catch((e: unknown) => e);
    vi.stubGlobal('window', { __BALCAO_CONFIG__: { apiUrl: base } });
    expect(error).toMatchObject({ name: 'ApiError', status: 0 });
    spy.mockRestore();
  });
});
