/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into dist/sw.js.
 * Caching and sync signals only — no business logic, no session:
 * - precaches the app shell (every built asset, index.html for every route), so after one
 *   online visit every route opens offline, a cold start included;
 * - keeps the previous release's precached files one release longer, so an open page of the
 *   old release can still lazy-load its route chunks after a deploy (Workbox's own cleanup
 *   would delete them under it);
 * - the lookup lists (the resources declared `lookup`: sw/lookups.ts, the list generated at build
 *   time) are stale-while-revalidate, keyed by a hash of the Authorization header (one user's lists
 *   never answer another's), dropped on logout and, by the page, after a write that changes them
 *   (src/lib/offline/lookup-cache.ts);
 * - waits as 'waiting' until the page asks it to take over ('Atualizar');
 * - on a Background Sync event, tells the open pages to flush the outbox (the pages send).
 */
import { cacheNames } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { LOOKUPS } from 'virtual:balcao/lookups';
import { isLookupRequest } from './lookups';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Same names as src/lib/offline/sync.ts (SYNC_TAG, FLUSH_MESSAGE) and src/lib/offline/update.ts. */
const SYNC_TAG = 'balcao-outbox';
const FLUSH_MESSAGE = 'outbox-flush';
// workbox-window's messageSkipWaiting() posts { type: 'SKIP_WAITING' } (its standard message).
const SKIP_WAITING = 'SKIP_WAITING';
const CLEAR_USER_CACHES = 'clear-user-caches';
const LOOKUPS_CACHE = 'balcao-lookups';
const META_CACHE = 'balcao-precache-meta';
const META_PREVIOUS = '/__balcao/previous-precache-keys';

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

const CONFIG_CACHE = 'balcao-config';

self.addEventListener('install', (event) => {
  // /config.js (runtime configuration, per host) is not precached: it is fetched fresh here and
  // then served stale-while-revalidate, so an offline cold start still has it.
  event.waitUntil(
    Promise.all([
      precache.install(event),
      caches
        .open(CONFIG_CACHE)
        .then((c) => c.add('/config.js'))
        .catch(() => undefined),
    ]),
  );
});

/**
 * Instead of Workbox's activate (which deletes every entry not in the new manifest at once):
 * delete only entries that are in neither this manifest nor the previous one.
 */
async function pruneOldPrecache() {
  const current = new Set(precache.getURLsToCacheKeys().values());
  const meta = await caches.open(META_CACHE);
  const stored = await meta.match(META_PREVIOUS);
  const previous = new Set<string>(stored ? ((await stored.json()) as string[]) : []);
  const cache = await caches.open(cacheNames.precache);
  for (const request of await cache.keys()) {
    if (!current.has(request.url) && !previous.has(request.url)) await cache.delete(request);
  }
  await meta.put(META_PREVIOUS, new Response(JSON.stringify([...current]), { headers: { 'content-type': 'application/json' } }));
}

self.addEventListener('activate', (event) => {
  event.waitUntil(pruneOldPrecache().then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  if (type === CLEAR_USER_CACHES) event.waitUntil(caches.delete(LOOKUPS_CACHE));
});

// Current release's files.
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/^__WB_REVISION__$/] }));

// A chunk of the previous release, asked for by a page that is still running it.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  async ({ request }) => {
    const cached = await (await caches.open(cacheNames.precache)).match(request, { ignoreSearch: true });
    return cached ?? fetch(request);
  },
);

registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === '/config.js', new StaleWhileRevalidate({ cacheName: CONFIG_CACHE }));

// Every route of the SPA is index.html (the API, files and the Strapi admin are not).
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/admin/],
  }),
);

async function userHash(request: Request): Promise<string> {
  const auth = request.headers.get('authorization') ?? '';
  if (!auth) return 'anonymous';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

registerRoute(
  // The lookup lists of the selects (sw/lookups.ts): stale-while-revalidate.
  ({ url, request }) => request.method === 'GET' && isLookupRequest(url, self.location.origin, LOOKUPS),
  new StaleWhileRevalidate({
    cacheName: LOOKUPS_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => `${request.url}${request.url.includes('?') ? '&' : '?'}__user=${await userHash(request)}` },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 }),
    ],
  }),
);

/** Background Sync: wake the pages; with none open, fail so the browser tries again later. */
self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (!pages.length) throw new Error('nenhuma página aberta para enviar a fila');
      for (const page of pages) page.postMessage({ type: FLUSH_MESSAGE });
    })(),
  );
});
