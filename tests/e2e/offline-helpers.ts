import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { documentField, passwordField } from './helpers';
import { apiToken, card } from './orders-helpers';

/**
 * Shared by the offline specs. Before a test goes offline the service worker must
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
 * query: lib/offline/persister.ts) holds, with its data, a query whose key contains every part
 * of `keyParts` (e.g. ['sales-orders', 'list'], or an order's id) and whose data satisfies
 * `accept` (by default any data): what a reload offline will show. Times out (the test fails) if
 * it never gets there.
 */
export async function persistedQuery(page: Page, keyParts: Array<string | number>, accept: (data: unknown) => boolean = () => true): Promise<void> {
  await expect
    .poll(
      async () => {
        const stored = await page.evaluate(async (parts) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open('balcao');
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          try {
            if (!db.objectStoreNames.contains('queryCache')) return [];
            const rows = await new Promise<Array<{ value: string }>>((resolve, reject) => {
              const req = db.transaction('queryCache').objectStore('queryCache').getAll();
              req.onsuccess = () => resolve(req.result as Array<{ value: string }>);
              req.onerror = () => reject(req.error);
            });
            return rows
              .map((row) => (JSON.parse(row.value) as { query?: { queryKey: unknown[]; state: { data?: unknown } } }).query)
              .filter((query) => query !== undefined && query.state.data !== undefined && parts.every((p) => query.queryKey.includes(p)))
              .map((query) => query!.state.data);
          } finally {
            db.close();
          }
        }, keyParts);
        return stored.some(accept);
      },
      { message: `the persisted query cache holds ${keyParts.join(' ')}`, timeout: 10_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * Waits until an order's details page has persisted what it shows offline: the order, its
 * payments (`payments` also checks the stored rows, e.g. their statuses), its documents, the
 * document types of its cards and the payment methods of 'Novo pagamento'.
 */
export async function orderPersisted(
  page: Page,
  order: { id: number; documentId: string },
  payments: (rows: Array<{ status_in?: string }>) => boolean = () => true,
): Promise<void> {
  await persistedQuery(page, ['sales-orders', 'detail', order.documentId]);
  await persistedQuery(page, ['receivables', 'by-order', order.id], (data) => Array.isArray(data) && payments(data as Array<{ status_in?: string }>));
  await persistedQuery(page, ['sales-orders', 'documents', order.id]);
  await persistedQuery(page, ['document-types', 'for-company']);
  await persistedQuery(page, ['payment-methods', 'options']);
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

/** The two cards of an order's details that queue writes. */
export const onOrder = (page: Page) => ({ payments: card(page, 'Dados do pagamento'), docs: card(page, 'Documentos') });

/** A document type's row in the documents card. */
export const typeItem = (docs: Locator, name: string) => docs.getByRole('list', { name: 'Tipos de documento' }).getByRole('listitem').filter({ hasText: name });

/** Opens the order's details and waits until the page is ready to work offline. */
export async function openOrder(page: Page, order: { id: number; documentId: string }): Promise<void> {
  await page.goto(`/sales-order/${order.documentId}/details`);
  const { payments, docs } = onOrder(page);
  await expect(payments.getByRole('heading', { name: 'Dados do pagamento' })).toBeVisible();
  await expect(typeItem(docs, 'CNH')).toBeVisible();
  await serviceWorkerReady(page);
  await expect(typeItem(docs, 'CNH')).toBeVisible();
  await orderPersisted(page, order);
}

/** 'Adicionar novo' → PIX → the amount typed as digits of centavos → Salvar. */
export async function addPayment(page: Page, digits: string): Promise<void> {
  await onOrder(page).payments.getByRole('button', { name: 'Adicionar novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
  await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
  await dialog.getByLabel('Valor').pressSequentially(digits);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An administrator of its own (a test that signs out with Sair or revokes sessions ends every
 * session of the user, so it must not be a seeded login other tests use): its id, CPF, password.
 */
export async function createAdministrator(request: APIRequestContext, name = 'Administrador da Fila') {
  const admin = await apiToken(request);
  const headers = { Authorization: `Bearer ${admin}` };
  const roles = (await (await request.get('/api/users-permissions/roles', { headers })).json()).roles as Array<{ id: number; type: string }>;
  const states = (await (await request.get('/api/states?filters[abbreviation][$eq]=SP', { headers })).json()).data as Array<{ id: number }>;
  const username = generateCpf();
  const password = 'Segredo@2026';
  const res = await request.post('/api/users', {
    headers,
    data: {
      data: {
        username,
        email: `fila${username}@teste.local`,
        name,
        password,
        role: { connect: [{ id: roles.find((r) => r.type === 'administrador')!.id }] },
        address_state_id: { connect: [{ id: states[0]!.id }] },
        provider: 'local',
        confirmed: true,
        type: 'admin',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { id?: number; data?: { id?: number } };
  return { id: Number(created.data?.id ?? created.id), username, password, name };
}

/** Types the user's CPF and password on /login and presses Entrar (the caller waits for what follows). */
export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await documentField(page).pressSequentially(user.username);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
