import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropCachedLookups, LOOKUPS_CACHE } from '@/lib/offline/lookup-cache';

/** A Cache Storage of one cache holding `urls`, enough for dropCachedLookups. */
function fakeCaches(urls: string[]) {
  const entries = urls.map((url) => new Request(url));
  const cache = {
    keys: async () => [...entries],
    delete: async (req: Request) => {
      const i = entries.findIndex((e) => e.url === req.url);
      if (i >= 0) entries.splice(i, 1);
      return i >= 0;
    },
  };
  vi.stubGlobal('caches', { has: async (name: string) => name === LOOKUPS_CACHE, open: async () => cache });
  return entries;
}

describe('dropCachedLookups (the service worker lookup cache after a write)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('drops every cached answer of one collection, for any query and user, and keeps the others', async () => {
    const entries = fakeCaches([
      'http://x/api/payment-methods?pagination[pageSize]=100&__user=a',
      'http://x/api/payment-methods/?fields[0]=name&pagination[pageSize]=100&__user=b',
      'http://x/api/vehicle-types?pagination[pageSize]=100&__user=a',
    ]);
    await dropCachedLookups('/api/payment-methods');
    expect(entries.map((e) => e.url)).toEqual(['http://x/api/vehicle-types?pagination[pageSize]=100&__user=a']);
  });

  it('does nothing (and does not throw) without Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(dropCachedLookups('/api/vehicle-types')).resolves.toBeUndefined();
  });
});
