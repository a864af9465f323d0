/**
 * The service worker keeps the selects' lookup lists (the resources declared `lookup`, pages of
 * 100: sw/lookups.ts) stale-while-revalidate in this cache (sw/sw.ts `LOOKUPS_CACHE`). A
 * stale-while-revalidate answer right after a write would still be the old list, so after every
 * write that changes a lookup its entries are dropped, before its queries are invalidated
 * (src/app/lookups.ts): the refetch then goes to the network.
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
