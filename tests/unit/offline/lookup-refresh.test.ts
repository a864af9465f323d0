import { QueryClient, type QueryKey, type QueryFunction } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshLookupsAfterWrites } from '@/app/lookups';
import { RESOURCES } from '@/app/resources';
import { createDispatcher } from '@/features/companies/api';
import { updateDocumentType } from '@/features/document-types/api';
import { documentTypesForCompany } from '@/shared/document-types';
import { usersByType } from '@/shared/users';
import { stateData } from '@/features/states/api';
import { paymentMethodData } from '@/features/payment-methods/api';
import { vehicleTypeData } from '@/features/vehicle-types/api';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { stateOptions } from '@/shared/states';
import { vehicleTypeOptions } from '@/shared/vehicle-types';
import { updateUser } from '@/features/users/api';
import { LOOKUPS_CACHE } from '@/lib/offline/lookup-cache';
import { lookupRules } from '@/lib/resources';
import { isLookupRequest } from '../../../sw/lookups';

/**
 * Every cached lookup (the resources declared `lookup`) shows a write at the next read: the page
 * drops the service worker's stale-while-revalidate copies and invalidates the lookup's queries
 * after any write that changes it (src/app/lookups.ts). The service worker is played here by the
 * fetch stub, with the worker's own rule (sw/lookups.ts) and a Cache Storage of its entries: a
 * lookup request with a cached answer gets that answer (and the cache is refreshed behind it), as
 * Workbox's StaleWhileRevalidate does; every other request reaches the fake server.
 */

type Row = Record<string, unknown> & { id: number };
const ORIGIN = 'http://localhost';
const rules = lookupRules(RESOURCES);

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (rows: Row[]) => ({ data: rows, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: rows.length } } });

let server: Record<string, Row[]>;
const cached = new Map<string, unknown>();

/** The fake Strapi: lists (users as a bare array, filtered by type), PUT of a record, createDispatcher. */
function answer(method: string, url: URL, body: unknown): Response {
  const [collection = '', id] = url.pathname.replace(/^\/api\//, '').split('/');
  if (method === 'GET') {
    if (collection === 'users') return json(server.users!.filter((u) => u.type === url.searchParams.get('filters[type][$eq]')));
    return json(page(server[collection] ?? []));
  }
  if (collection === 'companies' && id === 'createDispatcher') {
    const data = (body as { data: Row }).data;
    server.users!.push({ id: 100 + server.users!.length, username: String(data.cnpj), name: String(data.trade_name), type: 'dispatcher' });
    return json({ data: { id: 50, documentId: 'c50', trade_name: data.trade_name, cnpj: data.cnpj, type: 'dispatcher' } });
  }
  const rows = server[collection]!;
  const row = rows.find((r) => r.documentId === id || String(r.id) === id)!;
  Object.assign(row, collection === 'users' ? body : (body as { data: Row }).data);
  return json(collection === 'users' ? row : { data: row });
}

function stubWorkerAndServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), ORIGIN);
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (method === 'GET' && isLookupRequest(url, ORIGIN, rules)) {
        const key = `${url.href}&__user=u1`;
        const fresh = (await answer(method, url, body).json()) as unknown;
        const stale = cached.get(key);
        cached.set(key, fresh);
        return json(stale ?? fresh);
      }
      return answer(method, url, body);
    }),
  );
  // The worker's Cache Storage as the page sees it (lib/offline/lookup-cache.ts drops from it).
  vi.stubGlobal('caches', {
    has: async (name: string) => name === LOOKUPS_CACHE,
    open: async () => ({
      keys: async () => [...cached.keys()].map((k) => new Request(k)),
      delete: async (request: Request) => cached.delete(request.url),
    }),
  });
}

/** Names the lookup shows, read as a select reads it (fetchQuery: fresh data is reused, stale refetched). */
async function names<T extends { name?: string | null }>(client: QueryClient, query: { queryKey: QueryKey; queryFn?: unknown }) {
  const rows = (await client.fetchQuery(query as { queryKey: QueryKey; queryFn: QueryFunction<T[]> })) as T[];
  return rows.map((r) => r.name);
}

let client: QueryClient;
let stop: (() => void) | undefined;

beforeEach(() => {
  server = {
    states: [{ id: 1, documentId: 's1', name: 'Acre', abbreviation: 'AC' }],
    'vehicle-types': [{ id: 1, documentId: 'v1', name: 'Carro' }],
    'payment-methods': [{ id: 1, documentId: 'p1', name: 'PIX', interest_tax: 0 }],
    'document-types': [{ id: 1, documentId: 'd1', name: 'CRLV' }],
    users: [{ id: 7, username: 'desp', name: 'Despachante Um', type: 'dispatcher' }],
  };
  cached.clear();
  stubWorkerAndServer();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  stop = refreshLookupsAfterWrites(() => client);
});

afterEach(() => {
  stop?.();
  client.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a write refreshes the cached lookups it changes', () => {
  it('declares the five lookups of the app', () => {
    expect(rules.map((r) => r.path).sort()).toEqual(['/document-types', '/payment-methods', '/states', '/users', '/vehicle-types']);
  });

  it('states: the select shows a renamed state at once', async () => {
    expect(await names(client, stateOptions())).toEqual(['Acre']);
    await names(client, vehicleTypeOptions());
    await stateData.update('s1', { name: 'Acre Novo', abbreviation: 'AC' });
    expect(await names(client, stateOptions())).toEqual(['Acre Novo']);
    // another lookup keeps its cached copy
    expect([...cached.keys()].some((k) => k.includes('/api/vehicle-types?'))).toBe(true);
  });

  it('document types: the order documents select shows a renamed type at once', async () => {
    expect(await names(client, documentTypesForCompany(null))).toEqual(['CRLV']);
    await updateDocumentType('d1', { name: 'CRV', user_dispatcher_id: 7, user_company_id: 8 });
    expect(await names(client, documentTypesForCompany(null))).toEqual(['CRV']);
  });

  it('users by type: a renamed user and a new dispatcher company show at once', async () => {
    expect(await names(client, usersByType('dispatcher'))).toEqual(['Despachante Um']);
    await updateUser(7, { name: 'Despachante Dois' });
    expect(await names(client, usersByType('dispatcher'))).toEqual(['Despachante Dois']);
    await createDispatcher({ trade_name: 'Despacho Novo', cnpj: '11222333000181', address_state_id: 1 } as Parameters<typeof createDispatcher>[0]);
    expect(await names(client, usersByType('dispatcher'))).toEqual(['Despachante Dois', 'Despacho Novo']);
  });

  it('vehicle types: the select shows a renamed type at once', async () => {
    expect(await names(client, vehicleTypeOptions())).toEqual(['Carro']);
    await vehicleTypeData.update('v1', { name: 'Moto', description: null, is_active: true });
    expect(await names(client, vehicleTypeOptions())).toEqual(['Moto']);
  });

  it('payment methods: the select shows a renamed method at once', async () => {
    expect(await names(client, paymentMethodOptions())).toEqual(['PIX']);
    await paymentMethodData.update('p1', { name: 'Pix', is_online_payment: true, max_installments: 0, interest_tax: 0, is_active: true });
    expect(await names(client, paymentMethodOptions())).toEqual(['Pix']);
  });

  it('without the refresh, the next read is the old list (what the worker and the memory cache hold)', async () => {
    stop?.();
    expect(await names(client, stateOptions())).toEqual(['Acre']);
    await stateData.update('s1', { name: 'Acre Novo', abbreviation: 'AC' });
    await client.invalidateQueries();
    expect(await names(client, stateOptions())).toEqual(['Acre']);
  });
});
