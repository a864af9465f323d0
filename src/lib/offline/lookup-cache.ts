/**
 * The service worker keeps the selects' lookup lists (GET /api/states, /vehicle-types,
 * /payment-methods, /document-types with `pagination[pageSize]=100`) stale-while-revalidate in
 * this cache (sw/sw.ts `LOOKUPS_CACHE`). A stale-while-revalidate answer right after a write would
 * still be the old list, so a register screen drops its collection's entries once it has written,
 * before invalidating its queries: the refetch then goes to the network.
 */
export const LOOKUPS_CACHE = 'balcao-lookups';

/**
 * Deletes the cached lookup answers of one collection (`apiPath` such as '/api/payment-methods'),
 * for every user of this device. Never throws: no Cache Storage (jsdom, an insecure origin) or a
 * failure means there is nothing to drop.
 */
export async function dropCachedLookups(apiPath: string): Promise<void> {
  try {
    if (typeof caches === 'undefined' || !(await caches.has(LOOKUPS_CACHE))) return;
    const cache = await caches.open(LOOKUPS_CACHE);
    const path = apiPath.replace(/\/+$/, '');
    for (const request of await cache.keys()) {
      const { pathname } = new URL(request.url);
      if (pathname.replace(/\/+$/, '') === path) await cache.delete(request);
    }
  } catch {
    // nothing cached to drop
  }
}
