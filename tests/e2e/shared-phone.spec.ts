import type { Page } from '@playwright/test';
import { photoJpeg } from './fixtures/files';
import { addPayment, createAdministrator, onOrder, openOrder, serverDocuments, serverPayments, signIn, typeItem } from './offline-helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';

/**
 * A shared phone, in Chromium against the real server: two users on one browser profile. What one
 * user queued is never shown to, counted for or sent by the next; Sair with queued items asks
 * first ('Enviar primeiro', 'Manter e sair' offline, 'Descartar e sair', 'Cancelar'); the
 * persisted query cache does not outlive the session. Every user here is created for its test:
 * Sair ends every session of the user on the server.
 */
test.describe.configure({ timeout: 180_000 });

interface Stored {
  outbox: Array<{ userId: number; idempotencyKey: string; kind: string }>;
  blobs: number;
  queryCacheKeys: string[];
}

/** What the app's IndexedDB (`balcao`) holds: the outbox's items, how many files, the persisted caches' keys. */
function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('balcao');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = <T>(store: string, keys = false) =>
      new Promise<T[]>((resolve, reject) => {
        const s = db.transaction(store).objectStore(store);
        const req = keys ? s.getAllKeys() : s.getAll();
        req.onsuccess = () => resolve(req.result as T[]);
        req.onerror = () => reject(req.error);
      });
    try {
      return {
        outbox: await all<{ userId: number; idempotencyKey: string; kind: string }>('outbox'),
        blobs: (await all('outboxBlobs', true)).length,
        queryCacheKeys: await all<string>('queryCache', true),
      };
    } finally {
      db.close();
    }
  });
}

const sairDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Itens aguardando envio' });

test("two users, one browser profile: what the first kept offline is never shown to, counted for or sent by the second, and goes out at the first's next sign-in", async ({
  page,
  context,
  request,
}) => {
  const ana = await createAdministrator(request, 'Ana da Silva');
  const bruno = await createAdministrator(request, 'Bruno Souza');
  const anaOrder = await createOrderViaApi(request);
  const brunoOrder = await createOrderViaApi(request);

  // Every request of the browser, with its bearer token and Idempotency-Key.
  const requests: Array<{ method: string; url: string; token: string; key: string }> = [];
  context.on('request', (r) => {
    const h = r.headers();
    requests.push({ method: r.method(), url: r.url(), token: (h.authorization ?? '').replace(/^Bearer /, ''), key: h['idempotency-key'] ?? '' });
  });

  await page.goto('/login');
  await signIn(page, ana);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await openOrder(page, anaOrder);
  await context.setOffline(true);
  await addPayment(page, '4321');
  await typeItem(onOrder(page).docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');
  const anaKeys = (await stored(page)).outbox.map((i) => i.idempotencyKey);
  expect(anaKeys).toHaveLength(2);

  // Sair offline: the dialog says so; Ana keeps her items.
  await page.getByRole('button', { name: 'Sair' }).click();
  const dialog = sairDialog(page);
  await expect(dialog).toContainText('Há 2 itens seus aguardando envio neste aparelho.');
  await expect(dialog).toContainText('Sem conexão');
  await expect(dialog.getByRole('button', { name: 'Enviar primeiro' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Manter e sair' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Kept, and Ana's only; the persisted query cache is gone with her session.
  await expect.poll(async () => (await stored(page)).queryCacheKeys).toEqual([]);
  const kept = await stored(page);
  expect(kept.outbox.map((i) => i.userId)).toEqual([ana.id, ana.id]);
  expect(kept.blobs).toBe(1);

  await context.setOffline(false);
  const brunoFrom = requests.length;
  await signIn(page, bruno);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Bruno Souza');
  const brunoToken = await page.evaluate(() => localStorage.getItem('token'));
  // Nothing of Ana's queue: no count in the header, nothing on the queue page.
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  await page.goto('/fila');
  await expect(page.getByText('Nenhum item aguardando envio.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Itens da fila' })).toHaveCount(0);
  // Bruno queues a payment of his own: his outbox runs and delivers it — and only it.
  await openOrder(page, brunoOrder);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  await addPayment(page, '1111');
  await expect.poll(async () => (await serverPayments(request, brunoOrder.id)).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  // Ana's persisted cache did not come back for Bruno: only his records (`rq:<user id>:<query>`).
  const cacheKeys = (await stored(page)).queryCacheKeys;
  expect(cacheKeys.length).toBeGreaterThan(0);
  expect(cacheKeys.filter((k) => !k.startsWith(`rq:${bruno.id}:`))).toEqual([]);

  // Server side: nothing of Ana's reached it while Bruno was signed in; no request carried her keys.
  expect(await serverPayments(request, anaOrder.id)).toEqual([]);
  expect(await serverDocuments(request, anaOrder.id)).toEqual([]);
  const underBruno = requests.slice(brunoFrom);
  expect(underBruno.filter((r) => anaKeys.some((k) => r.key.startsWith(k)))).toEqual([]);
  expect(underBruno.filter((r) => r.method === 'POST' && /\/api\/(upload|sales-order-documents)/.test(r.url))).toEqual([]);
  expect(underBruno.filter((r) => r.token && r.token !== brunoToken && r.url.includes('/api/'))).toEqual([]);
  expect((await stored(page)).outbox.map((i) => i.userId)).toEqual([ana.id, ana.id]);

  // Bruno has nothing queued: Sair does not ask.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);

  // Ana again, on the same phone: her items go out, under her token, once.
  const anaFrom = requests.length;
  await signIn(page, ana);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const anaToken = await page.evaluate(() => localStorage.getItem('token'));
  await expect.poll(async () => (await serverDocuments(request, anaOrder.id)).length, { timeout: 60_000 }).toBe(1);
  const payments = await serverPayments(request, anaOrder.id);
  expect(payments.map((p) => Number(p.amount_original))).toEqual([43.21]);
  const keyed = requests.slice(anaFrom).filter((r) => anaKeys.some((k) => r.key.startsWith(k)));
  expect(keyed.length).toBeGreaterThanOrEqual(3); // the payment, the file, the document record
  expect(keyed.filter((r) => r.token !== anaToken)).toEqual([]);
  await expect.poll(async () => (await stored(page)).outbox).toEqual([]);
});

test("Sair with queued items: 'Enviar primeiro' shows its progress and signs out once all are sent", async ({ page, context, request }) => {
  const user = await createAdministrator(request, 'Carla Envia');
  const order = await createOrderViaApi(request);
  await page.goto('/login');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await openOrder(page, order);
  await context.setOffline(true);
  await addPayment(page, '2222');
  await typeItem(onOrder(page).docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');

  // The network returns but the server holds the first send until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const atServer = new Promise<void>((resolve) => (arrived = resolve));
  await page.route('**/api/receivables', async (route) => {
    if (route.request().method() === 'POST') {
      arrived();
      await held;
    }
    await route.continue();
  });
  await context.setOffline(false);
  await atServer;

  await page.getByRole('button', { name: 'Sair' }).click();
  const dialog = sairDialog(page);
  await expect(dialog).toContainText('Há 2 itens seus aguardando envio neste aparelho.');
  // Online, nothing failed yet: keeping them is not offered.
  await expect(dialog.getByRole('button', { name: 'Manter e sair' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Enviar primeiro' }).click();
  await expect(dialog).toContainText('Enviando... 0 de 2');
  await expect(dialog.getByRole('progressbar', { name: 'Itens enviados' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login/, { timeout: 60_000 });

  expect((await serverPayments(request, order.id)).map((p) => Number(p.amount_original))).toEqual([22.22]);
  expect(await serverDocuments(request, order.id)).toHaveLength(1);
  expect((await stored(page)).outbox).toEqual([]);
});

test("Sair with items the server refuses: the dialog says what was not sent and stays; 'Descartar e sair' deletes them and their files", async ({
  page,
  request,
}) => {
  const user = await createAdministrator(request, 'Davi Descarta');
  const order = await createOrderViaApi(request);
  // Every new payment is refused (the item needs attention and holds its order's later items).
  await page.route('**/api/receivables', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ data: null, error: { status: 400, name: 'ValidationError', message: 'Valor inválido', details: {} } }),
        })
      : route.continue(),
  );
  await page.goto('/login');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await openOrder(page, order);
  await addPayment(page, '3333');
  await typeItem(onOrder(page).docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes (1 precisa de atenção)');

  await page.getByRole('button', { name: 'Sair' }).click();
  const dialog = sairDialog(page);
  await expect(dialog).toContainText('Há 2 itens seus');
  await dialog.getByRole('button', { name: 'Enviar primeiro' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Não foi possível enviar 2 itens (1 precisa de atenção).');
  await expect(dialog.getByRole('link', { name: 'Ver a fila de envio' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Manter e sair' })).toBeVisible();
  expect((await stored(page)).outbox).toHaveLength(2);

  // 'Cancelar' keeps the session and the items; Sair asks again.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes (1 precisa de atenção)');
  await page.getByRole('button', { name: 'Sair' }).click();
  await sairDialog(page).getByRole('button', { name: 'Descartar e sair' }).click();
  await expect(page).toHaveURL(/\/login/);

  const left = await stored(page);
  expect(left.outbox).toEqual([]);
  expect(left.blobs).toBe(0);
  expect(await serverPayments(request, order.id)).toEqual([]);
  expect(await serverDocuments(request, order.id)).toEqual([]);
});

test('Sair in one tab signs the other tabs out too: none keeps showing the queue or the screens of the user who left', async ({ page, context, request }) => {
  const user = await createAdministrator(request, 'Eva Duas Abas');
  const order = await createOrderViaApi(request);
  await page.goto('/login');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await openOrder(page, order);
  await context.setOffline(true);
  await addPayment(page, '5555');
  await expect(page.getByTestId('outbox-count')).toHaveText('1 pendente');

  const second = await context.newPage();
  await second.goto('/fila');
  await expect(second.getByRole('list', { name: 'Itens da fila' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Sair' }).click();
  await sairDialog(page).getByRole('button', { name: 'Manter e sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
  await expect(second.getByRole('list', { name: 'Itens da fila' })).toHaveCount(0);
  await expect(second.getByTestId('sidebar-user-name')).toHaveCount(0);
});
