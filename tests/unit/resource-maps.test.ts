import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU } from '@/app/menu';
import { resourceMaps } from '@/app/resource-maps';
import { RESOURCES } from '@/app/resources';
import { ROUTE_TABLE } from '@/app/route-table';
import { documentTypesForCompany } from '@/shared/document-types';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { stateOptions } from '@/shared/states';
import { usersByType } from '@/shared/users';
import { vehicleTypeOptions } from '@/shared/vehicle-types';
import { QueryClient } from '@tanstack/react-query';
import { defineResource, lookupRules } from '@/lib/resources';
import { INDEX_MARKERS, writeIndexMaps } from '../../scripts/index-maps';
import { isLookupRequest } from '../../sw/lookups';
import { createTestApp } from './helpers/render-route';

/**
 * A resource's declaration (features/<x>/resource.ts) is the one source of index.html's maps and
 * the service worker's lookup list (written by the build: scripts/vite/resource-maps.ts), of the
 * route table and of the menu.
 */

/** A register declared the way a new one would be. */
const things = defineResource({
  api: 'thing',
  controller: 'thing',
  label: 'Coisas',
  icon: 'item',
  path: '/things',
  routes: { '/things': 'find', '/thing/$id': 'findOne', '/thing/new': 'create' },
  menu: { group: 'CADASTROS', order: 70 },
  lookup: {},
  list: {
    route: '/things',
    populate: ['owner'],
    sort: { name: 'Nome' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
    ],
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('the generated maps', () => {
  it('a declared register gets its skeleton title, its early first page and its lookup rule, from its declaration alone', async () => {
    const maps = await resourceMaps([things]);
    expect(maps.listTitles).toEqual({ '/things': 'Coisas' });
    expect(maps.earlyLists).toEqual({ '/things': ['?page=1&pageSize=10', '/things?populate[0]=owner&pagination[page]=1&pagination[pageSize]=10'] });
    expect(maps.lookups).toEqual([{ path: '/things', changedBy: ['/things'] }]);
  });

  it('lists without a loader of their own first page have a title but no early request; an unpaged list asks for the bare path', async () => {
    const maps = await resourceMaps(RESOURCES);
    expect(maps.listTitles['/despachantes']).toBe('Despachantes');
    expect(maps.earlyLists['/despachantes']).toBeUndefined();
    expect(maps.earlyLists['/roles']).toEqual(['?page=1&pageSize=10', '/users-permissions/roles']);
    expect(maps.earlyLists['/receivables']?.[0]).toBe('?page=1&pageSize=25');
  });

  it('index.html holds the markers, not the maps, and the build writes them in (a missing marker fails the build)', async () => {
    const source = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
    expect(source).toContain(INDEX_MARKERS.listTitles);
    expect(source).toContain(INDEX_MARKERS.earlyLists);
    const built = writeIndexMaps(source, await resourceMaps([things]));
    expect(built).toContain('{"/things":"Coisas"}');
    expect(built).not.toContain('/*balcao:');
    expect(() => writeIndexMaps('<html></html>', { listTitles: {}, earlyLists: {} })).toThrow(/no \/\*balcao:list-titles/);
  });
});

describe("the worker's lookup rule", () => {
  const rules = lookupRules(RESOURCES);

  /** The URL a query's request goes to (its first fetch). */
  async function urlOf(query: { queryKey: readonly unknown[]; queryFn?: unknown }): Promise<URL> {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return new Response(JSON.stringify({ data: [], meta: { pagination: { page: 1, pageSize: 100, pageCount: 0, total: 0 } } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await new QueryClient({ defaultOptions: { queries: { retry: false } } })
      .fetchQuery(query as Parameters<QueryClient['fetchQuery']>[0])
      .catch(() => undefined);
    return new URL(urls[0]!, 'http://localhost');
  }

  it.each([
    ['states', () => stateOptions()],
    ['vehicle types', () => vehicleTypeOptions()],
    ['payment methods', () => paymentMethodOptions()],
    ['document types', () => documentTypesForCompany(null)],
    ['dispatchers', () => usersByType('dispatcher')],
    ['dealership users', () => usersByType('company')],
  ])("caches the %s select's request", async (_name, query) => {
    expect(isLookupRequest(await urlOf(query()), 'http://localhost', rules)).toBe(true);
  });

  it("leaves the register screens' pages, other users requests and other origins to the network", () => {
    const at = (href: string) => isLookupRequest(new URL(href), 'http://localhost', rules);
    expect(at('http://localhost/api/states?pagination[page]=1&pagination[pageSize]=10')).toBe(false);
    expect(at('http://localhost/api/users?pagination[pageSize]=100')).toBe(false);
    expect(at('http://localhost/api/customers?pagination[pageSize]=100')).toBe(false);
    expect(at('https://api.example/api/states?pagination[pageSize]=100')).toBe(false);
    expect(at('http://localhost/api/states/?pagination[pageSize]=100')).toBe(true);
  });
});

describe('the route table and the menu', () => {
  it('has exactly the routes of the route tree', async () => {
    const { router } = await createTestApp('/login', { permissions: null });
    const paths = (Object.values(router.routesById) as AnyRoute[]).map((r) => r.fullPath.replace(/(.)\/$/, '$1')).filter((p) => p !== '' && p !== '/_app');
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual([...new Set(paths)].sort());
  });

  it('links every menu item to a route of the table', () => {
    for (const item of MENU) expect(ROUTE_TABLE[item.to as string], item.label).toBeDefined();
  });
});
