import { vi } from 'vitest';

/** One request the fake answered: method, decoded URL and parsed JSON body. */
export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeCollectionOptions {
  /** Answer for `GET /api/<path>` lists: the rows, or an HTTP status to fail with. */
  list?: Array<Record<string, unknown>> | number;
  /** Answer for `GET /api/<path>/{id}` (any id): the record, or an HTTP status to fail with. */
  detail?: Record<string, unknown> | number;
  /** Answer for POST / PUT: echo `{id, documentId, ...data}` (default) or an HTTP status with `message`. */
  write?: number;
  /** Answer for DELETE: 200 (default) or an HTTP status. */
  remove?: number;
  /** Server message of the failures. */
  message?: string;
  /** Rows answered for GET lists of other collections (select lookups): `{ 'vehicle-types': [...] }`. */
  lookups?: Record<string, Array<Record<string, unknown>>>;
  /** Answers one write with this status and message before the configured answer (e.g. 400 'Invalid key ...'). */
  failFirstWrite?: { status: number; message: string };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, message: string) => json({ data: null, error: { status, name: 'Error', message } }, status);

/**
 * Stubs `fetch` with a Strapi collection at `/api/<path>` (component tests over the real route
 * tree, tests/unit/helpers/render-route.tsx): lists, one record, create, update and delete answer
 * as configured and are recorded in `calls`; any other request fails as offline (as the
 * session's users/me does in `renderRoute`). Undo with `vi.unstubAllGlobals()`.
 */
export function stubCollection(path: string, options: FakeCollectionOptions = {}) {
  const calls: FakeCall[] = [];
  const message = options.message ?? 'Falha no servidor';
  const base = `/api/${path}`;
  let failedOnce = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const raw = String(input instanceof Request ? input.url : input);
      const url = decodeURIComponent(raw);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const pathname = new URL(raw, 'http://localhost').pathname;
      const lookup = Object.entries(options.lookups ?? {}).find(([p]) => pathname === `/api/${p}`);
      if (lookup && method === 'GET') {
        return json({ data: lookup[1], meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: lookup[1].length } } });
      }
      if (pathname !== base && !pathname.startsWith(`${base}/`)) throw new TypeError('Failed to fetch');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const isItem = pathname !== base;
      if (method === 'GET' && !isItem) {
        const list = options.list ?? [];
        if (typeof list === 'number') return failure(list, message);
        return json({ data: list, meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: list.length } } });
      }
      if (method === 'GET') {
        const detail = options.detail ?? 404;
        return typeof detail === 'number' ? failure(detail, message) : json({ data: detail });
      }
      if (method === 'DELETE') return options.remove && options.remove >= 400 ? failure(options.remove, message) : json({ data: null });
      if (options.failFirstWrite && !failedOnce) {
        failedOnce = true;
        return failure(options.failFirstWrite.status, options.failFirstWrite.message);
      }
      if (options.write && options.write >= 400) return failure(options.write, message);
      const data = (body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
      return json(
        { data: { id: 99, documentId: isItem ? pathname.slice(base.length + 1) : 'new99', createdAt: '2026-11-23T12:00:00.000Z', ...data } },
        method === 'POST' ? 201 : 200,
      );
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}
