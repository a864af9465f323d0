import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './orders-helpers';

/**
 * Shared by the offline specs (issue 10). Before a test goes offline the service worker must
 * control the page AND have finished precaching, else a reload offline gets the browser's
 * ERR_INTERNET_DISCONNECTED: wait for `navigator.serviceWorker.ready`; if the page is still not
 * controlled (the worker activated after the page loaded and has not claimed it yet), reload
 * once while online; then wait for an activated worker with nothing installing and for the
 * precache to hold index.html (the navigation fallback of every route).
 */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = await page
    .waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!controlled) await page.reload();
  // expect.poll, not page.waitForFunction: waitForFunction does not await an async predicate (the
  // Promise it returns is truthy, so it passed at once).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          if (!navigator.serviceWorker.controller || !reg?.active || reg.active.state !== 'activated' || reg.installing) return false;
          for (const name of await caches.keys()) {
            if (!name.includes('precache')) continue;
            const keys = await (await caches.open(name)).keys();
            if (keys.some((r) => new URL(r.url).pathname === '/index.html')) return true;
          }
          return false;
        }),
      { message: 'the service worker controls the page and has precached index.html', timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * Waits until the persisted query cache (IndexedDB `balcao`, store `queryCache`, one record per
 * query: lib/offline/persister.ts) holds, with its data, a query whose key contains every string
 * of `keyParts` (e.g. ['sales-orders', 'list']): what a reload offline will show. Times out (the
 * test fails) if it never gets there.
 */
export async function persistedQuery(page: Page, keyParts: string[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (parts) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open('balcao');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          try {
            if (!db.objectStoreNames.contains('queryCache')) return false;
            const rows = await new Promise<Array<{ value: string }>>((resolve, reject) => {
              const req = db.transaction('queryCache').objectStore('queryCache').getAll();
              req.onsuccess = () => resolve(req.result as Array<{ value: string }>);
              req.onerror = () => reject(req.error);
            });
            return rows.some((row) => {
              const { query } = JSON.parse(row.value) as { query?: { queryKey: unknown[]; state: { data?: unknown } } };
              return query !== undefined && query.state.data !== undefined && parts.every((p) => query.queryKey.includes(p));
            });
          } finally {
            db.close();
          }
        }, keyParts),
      { message: `the persisted query cache holds ${keyParts.join(' ')}`, timeout: 10_000, intervals: [250] },
    )
    .toBe(true);
}

/** The receivables (payments) of an order on the server, read as the administrator. */
export async function serverPayments(request: APIRequestContext, orderId: number, token?: string) {
  const jwt = token ?? (await apiToken(request));
  const res = await request.get(`/api/receivables?filters[pedido_id][$eq]=${orderId}&sort[0]=id:asc`, { headers: { Authorization: `Bearer ${jwt}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as Array<{ id: number; documentId: string; status_in: string; amount_original?: number | string; amount?: number | string }>;
}

/** The documents of an order on the server (with their type), read as the administrator. */
export async function serverDocuments(request: APIRequestContext, orderId: number, token?: string) {
  const jwt = token ?? (await apiToken(request));
  const res = await request.get(`/api/sales-order-documents?filters[sales_order][id][$eq]=${orderId}&populate=*`, {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as Array<{ id: number; document_type?: { name?: string } | null }>;
}
