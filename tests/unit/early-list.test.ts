import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceMaps } from '@/app/resource-maps';
import { settleRouter } from '@/app/settle-router';
import { EARLY_ANSWER_MAX_AGE_MS, takeEarlyAnswer } from '@/lib/api/early';
import { treeKey, type Permission, type PermissionTree } from '@/lib/permissions';
import { session } from '@/lib/session';
import { writeIndexMaps } from '../../scripts/index-maps';
import { createTestApp } from './helpers/render-route';

/**
 * LCP: index.html's inline script requests a list's first page with the page, and
 * lib/api/early.ts hands that answer to the list's own query. The script's path → [canonical
 * search, request path] map, which the build writes from the resource declarations
 * (scripts/vite/resource-maps.ts), must be what the app's list routes ask for at their default
 * search, for every list route with a loader; the client must take the answer once, only for the
 * same URL and token, and fall back to its own request otherwise.
 */
const maps = await resourceMaps();
const html = writeIndexMaps(readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8'), maps);
const earlyScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').find((s) => s.includes('__balcaoEarly')) ?? '';

/** The script's map, as the build writes it. */
const scriptMap = maps.earlyLists;

const EMPTY_PAGE = { data: [], meta: { pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } } };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A recording `fetch`: every call's URL and headers; answers from `answers` in turn, then an empty page. */
function stubFetch(...answers: Response[]) {
  const calls: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input instanceof Request ? input.url : input), authorization: new Headers(init?.headers).get('Authorization') });
      return answers.shift() ?? json(EMPTY_PAGE);
    }),
  );
  return calls;
}

/** Runs index.html's early script at `href` as the browser does: parse, then config.js's load. */
function runEarlyScript(href: string) {
  window.history.replaceState(null, '', href);
  const config = document.createElement('script');
  config.setAttribute('src', '/config.js');
  document.head.append(config);
  new Function(earlyScript)();
  window.__BALCAO_CONFIG__ = { apiUrl: '/api' };
  config.dispatchEvent(new Event('load'));
  config.remove();
}

/** The app's list routes: a loader, no path params. */
async function listRoutes() {
  const { router } = await createTestApp('/', { permissions: null });
  return (Object.values(router.routesById) as AnyRoute[]).filter((r) => r.options.loader && r.fullPath.startsWith('/') && !r.fullPath.includes('$'));
}

function grant(p: Permission): PermissionTree {
  return { [treeKey(p.api)]: { controllers: { [p.controller]: { [p.action]: { enabled: true } } } } } as PermissionTree;
}

afterEach(() => {
  session.logout();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.__balcaoEarly;
  delete window.__BALCAO_CONFIG__;
  window.history.replaceState(null, '', '/');
});

describe("index.html's early list request", () => {
  it("asks for what each list route's loader asks for at its default search, for every list route", async () => {
    const routes = await listRoutes();
    const seen: Record<string, [string, string]> = {};
    for (const route of routes) {
      const pathname = route.fullPath.replace(/\/$/, '');
      const meta = route.options.staticData as { permission: Permission };
      const { router } = await createTestApp(pathname, { permissions: grant(meta.permission) });
      const calls = stubFetch();
      await settleRouter(router);
      await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
      expect(router.state.location.pathname).toBe(pathname);
      seen[pathname] = [router.state.location.searchStr, calls[0]!.url.replace(/^\/api/, '')];
      vi.unstubAllGlobals();
    }
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(['/sales-orders', '/receivables']));
    expect(scriptMap).toEqual(seen);
  });

  it('the list query takes the early answer, once, with no request of its own', async () => {
    const { router, queryClient } = await createTestApp('/sales-orders', {
      permissions: grant({ api: 'sales-order', controller: 'sales-order', action: 'find' }),
    });
    const calls = stubFetch(json(EMPTY_PAGE));
    runEarlyScript('/sales-orders');
    expect(calls).toEqual([{ url: `/api${scriptMap['/sales-orders']![1]}`, authorization: 'Bearer test-token' }]);
    await settleRouter(router);
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .findAll({ type: 'active' })
          .concat(queryClient.getQueryCache().getAll())
          .some((q) => q.state.status === 'success'),
      ).toBe(true),
    );
    expect(calls).toHaveLength(1);
    expect(window.__balcaoEarly).toBeUndefined();
  });

  it('sends nothing without a token, off a list, at another search, or on a record', () => {
    const calls = stubFetch();
    runEarlyScript('/sales-orders');
    localStorage.setItem('token', 'abc');
    runEarlyScript('/sales-orders?page=2&pageSize=10');
    runEarlyScript('/sales-order/xyz');
    runEarlyScript('/');
    expect(calls).toEqual([]);
    runEarlyScript('/receivables/');
    expect(calls).toHaveLength(1);
  });

  it('leaves at once when the server wrote the configuration into the page (no config.js tag), to the API it names', () => {
    const calls = stubFetch();
    localStorage.setItem('token', 'abc');
    window.history.replaceState(null, '', '/sales-orders');
    window.__BALCAO_CONFIG__ = { apiUrl: 'https://api.example.com/api/' };
    new Function(earlyScript)();
    expect(calls).toEqual([{ url: `https://api.example.com/api${scriptMap['/sales-orders']![1]}`, authorization: 'Bearer abc' }]);
    expect(window.__balcaoEarly?.base).toBe('https://api.example.com/api');
  });

  it('sends nothing with neither a configuration nor its tag', () => {
    const calls = stubFetch();
    localStorage.setItem('token', 'abc');
    window.history.replaceState(null, '', '/sales-orders');
    new Function(earlyScript)();
    expect(calls).toEqual([]);
  });

  it('a failed early answer leaves the list to its own request, sent once more', async () => {
    const { router, queryClient } = await createTestApp('/sales-orders', {
      permissions: grant({ api: 'sales-order', controller: 'sales-order', action: 'find' }),
    });
    const calls = stubFetch(json({ error: { status: 500, message: 'boom' } }, 500), json(EMPTY_PAGE));
    runEarlyScript('/sales-orders');
    await settleRouter(router);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(calls[0]);
    await vi.waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.state.status === 'success'),
      ).toBe(true),
    );
  });
});

describe('takeEarlyAnswer', () => {
  const early = (over: Partial<NonNullable<Window['__balcaoEarly']>> = {}) =>
    (window.__balcaoEarly = { base: '/api', path: '/x?a=1', token: 't', at: 1_000, answer: Promise.resolve({ data: 1 }), ...over });

  it('gives the answer once, for the same base, path and token', async () => {
    early();
    expect(takeEarlyAnswer({ base: '/api', path: '/x?a=1', token: 'other' }, 1_000)).toBeUndefined();
    expect(takeEarlyAnswer({ base: 'https://api.example/api', path: '/x?a=1', token: 't' }, 1_000)).toBeUndefined();
    expect(takeEarlyAnswer({ base: '/api', path: '/x?a=2', token: 't' }, 1_000)).toBeUndefined();
    await expect(takeEarlyAnswer({ base: '/api', path: '/x?a=1', token: 't' }, 1_000)).resolves.toEqual({ data: 1 });
    expect(takeEarlyAnswer({ base: '/api', path: '/x?a=1', token: 't' }, 1_000)).toBeUndefined();
  });

  it(`drops an answer requested more than ${EARLY_ANSWER_MAX_AGE_MS} ms ago`, () => {
    early();
    expect(takeEarlyAnswer({ base: '/api', path: '/x?a=1', token: 't' }, 1_000 + EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
    expect(window.__balcaoEarly).toBeUndefined();
  });
});
