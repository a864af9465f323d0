import type { Locator, Page, Route } from '@playwright/test';
import { login } from './helpers';
import { photoJpeg } from './fixtures/files';
import { addPayment, createAdministrator, onOrder, openOrder, orderPersisted, serverDocuments, serverPayments, signIn, typeItem } from './offline-helpers';
import { createOrderViaApi, expect, test, toastText } from './orders-helpers';

/**
 * The outbox, in Chromium against the real server: Registrar / Estornar offline (also
 * on a payment that is itself still queued); a server answering 500 to the first attempts; an
 * answer lost after the server committed; a refused item edited on the queue page; an expired
 * session while items wait; two tabs open when the network returns. Each ends by reading the
 * server as the administrator: every payment and document exactly once.
 * (An update offered while a send is in flight: offline-update.spec.ts.)
 */
test.describe.configure({ timeout: 180_000 });

const paymentRow = (payments: Locator, amount: string) => payments.locator('tbody tr').filter({ hasText: amount });

/** A row action confirmed in its dialog ('Registrar pagamento' → 'Registrar', 'Estornar pagamento' → 'Estornar'). */
async function confirmAction(page: Page, row: Locator, action: 'Registrar' | 'Estornar') {
  await row.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('alertdialog', { name: `${action} pagamento` });
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

const amountOf = (p: { amount_original?: number | string }) => Number(p.amount_original);

/** A route handler that answers the first `n` matching requests with `first`, then lets the rest through. */
function firstAnswers(n: number, method: string, first: (route: Route) => Promise<void>) {
  const state = { seen: 0 };
  const handler = async (route: Route) => {
    if (route.request().method() !== method || state.seen >= n) return route.continue();
    state.seen += 1;
    return first(route);
  };
  return { state, handler };
}

const strapiError = (status: number, message: string) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ data: null, error: { status, name: status === 400 ? 'ValidationError' : 'InternalServerError', message, details: {} } }),
});

test('offline: Registrar and Estornar wait in the outbox (Registrar also on a payment still queued) and reach the server once, in order', async ({
  page,
  context,
  request,
}) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await openOrder(page, order);
  const { payments } = onOrder(page);

  // Online: two payments, B registered straight away (the online path keeps its toasts).
  await addPayment(page, '1000');
  await expect(paymentRow(payments, 'R$ 10,00')).toContainText('Pendente');
  await addPayment(page, '2000');
  await expect(paymentRow(payments, 'R$ 20,00')).toContainText('Pendente');
  await confirmAction(page, paymentRow(payments, 'R$ 20,00'), 'Registrar');
  await expect(toastText(page, 'Pagamento registrado com sucesso').first()).toBeVisible();
  await expect(paymentRow(payments, 'R$ 20,00')).toContainText('Pago');
  await orderPersisted(page, order, (rows) => rows.length === 2 && rows.some((p) => p.status_in === 'paid'));

  await context.setOffline(true);
  await confirmAction(page, paymentRow(payments, 'R$ 10,00'), 'Registrar');
  await expect(toastText(page, 'O pagamento será registrado quando a conexão voltar.')).toBeVisible();
  await expect(paymentRow(payments, 'R$ 10,00')).toContainText('Registro aguardando envio');
  await expect(paymentRow(payments, 'R$ 10,00').getByRole('button', { name: 'Registrar' })).toHaveCount(0);
  await confirmAction(page, paymentRow(payments, 'R$ 20,00'), 'Estornar');
  await expect(paymentRow(payments, 'R$ 20,00')).toContainText('Estorno aguardando envio');
  // A new payment, queued, then registered while still queued: the Registrar waits for it.
  await addPayment(page, '3000');
  await expect(paymentRow(payments, 'R$ 30,00')).toContainText('Aguardando envio');
  await confirmAction(page, paymentRow(payments, 'R$ 30,00'), 'Registrar');
  await expect(paymentRow(payments, 'R$ 30,00')).toContainText('Registro aguardando envio');
  await expect(page.getByTestId('outbox-count')).toHaveText('4 pendentes');

  await page.reload();
  await expect(paymentRow(payments, 'R$ 10,00')).toContainText('Registro aguardando envio');
  await expect(paymentRow(payments, 'R$ 20,00')).toContainText('Estorno aguardando envio');
  await expect(paymentRow(payments, 'R$ 30,00')).toContainText('Registro aguardando envio');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  await expect(paymentRow(payments, 'R$ 10,00')).toContainText('Pago');
  await expect(paymentRow(payments, 'R$ 20,00')).toContainText('Estornado');
  await expect(paymentRow(payments, 'R$ 30,00')).toContainText('Pago');

  const onServer = await serverPayments(request, order.id);
  expect(onServer.map((p) => [amountOf(p), p.status_in])).toEqual([
    [10, 'paid'],
    [20, 'reversed'],
    [30, 'paid'],
  ]);
});

test('a server answering 500 to the first attempts: the payment and the photo are retried with backoff and delivered once', async ({ page, request }) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await openOrder(page, order);
  const { payments, docs } = onOrder(page);
  const payment = firstAnswers(2, 'POST', (route) => route.fulfill(strapiError(500, 'Internal Server Error')));
  const upload = firstAnswers(2, 'POST', (route) => route.fulfill(strapiError(500, 'Internal Server Error')));
  await page.route('**/api/receivables', payment.handler);
  await page.route('**/api/upload', upload.handler);

  await addPayment(page, '4321');
  await typeItem(docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toBeVisible();

  await expect(paymentRow(payments, 'R$ 43,21')).toContainText('Pendente', { timeout: 60_000 });
  await expect(typeItem(docs, 'CNH').getByText('Enviado')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  expect(payment.state.seen).toBe(2);
  expect(upload.state.seen).toBe(2);

  expect(await serverPayments(request, order.id)).toHaveLength(1);
  expect(await serverDocuments(request, order.id)).toHaveLength(1);
});

test('answers lost after the server committed: the resend with the same key creates nothing twice', async ({ page, request }) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await openOrder(page, order);
  const { payments, docs } = onOrder(page);
  // The server gets the request and commits; the page never sees the answer.
  const lose = async (route: Route) => {
    await route.fetch();
    await route.abort('failed');
  };
  const create = firstAnswers(1, 'POST', lose);
  const confirm = firstAnswers(1, 'POST', lose);
  const file = firstAnswers(1, 'POST', lose);
  const document = firstAnswers(1, 'POST', lose);
  await page.route('**/api/receivables', create.handler);
  await page.route('**/api/receivables/confirm/*', confirm.handler);
  await page.route('**/api/upload', file.handler);
  await page.route('**/api/sales-order-documents', document.handler);

  await addPayment(page, '5000');
  await expect(paymentRow(payments, 'R$ 50,00')).toContainText('Pendente', { timeout: 60_000 });
  // Registrar online whose answer is lost: queued, resent, and the server's "already paid" counts as done.
  await confirmAction(page, paymentRow(payments, 'R$ 50,00'), 'Registrar');
  await expect(paymentRow(payments, 'R$ 50,00')).toContainText('Pago', { timeout: 60_000 });
  await expect(toastText(page, 'Verifique sua conexão ou tente novamente mais tarde.')).toHaveCount(0);
  await typeItem(docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(typeItem(docs, 'CNH').getByText('Enviado')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  expect([create.state.seen, confirm.state.seen, file.state.seen, document.state.seen]).toEqual([1, 1, 1, 1]);

  const onServer = await serverPayments(request, order.id);
  expect(onServer.map((p) => [amountOf(p), p.status_in])).toEqual([[50, 'paid']]);
  expect(await serverDocuments(request, order.id)).toHaveLength(1);
});

test("a refused payment and upload wait under 'precisa de atenção' (holding their order's later items), are edited on the queue page and delivered", async ({
  page,
  request,
}) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await openOrder(page, order);
  const { payments, docs } = onOrder(page);
  const payment = firstAnswers(1, 'POST', (route) => route.fulfill(strapiError(400, 'Valor acima do limite do meio de pagamento')));
  const document = firstAnswers(1, 'POST', (route) => route.fulfill(strapiError(400, 'Tipo de documento não aceito para este pedido')));
  await page.route('**/api/receivables', payment.handler);
  await page.route('**/api/sales-order-documents', document.handler);

  await addPayment(page, '99999');
  await expect(paymentRow(payments, 'R$ 999,99')).toContainText('Precisa de atenção');
  await typeItem(docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  // Same order: the upload waits behind the refused payment.
  await expect(typeItem(docs, 'CNH').getByText('Aguardando envio')).toBeVisible();

  await page.getByTestId('outbox-count').click();
  const list = page.getByRole('list', { name: 'Itens da fila' });
  const paymentItem = list.getByRole('listitem').filter({ hasText: 'Novo pagamento' });
  await expect(paymentItem).toContainText('Precisa de atenção');
  await expect(paymentItem).toContainText('Último erro: Valor acima do limite do meio de pagamento');
  await paymentItem.getByRole('button', { name: 'Editar' }).click();
  const editPayment = page.getByRole('dialog', { name: 'Editar pagamento' });
  await expect(editPayment.getByLabel('Valor')).toHaveValue(/999,99/);
  await editPayment.getByLabel('Valor').fill('');
  await editPayment.getByLabel('Valor').pressSequentially('1234');
  await editPayment.getByRole('button', { name: 'Salvar' }).click();

  // The payment goes; the upload follows and is refused at its second step.
  const uploadItem = list.getByRole('listitem').filter({ hasText: 'Documento CNH' });
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(uploadItem).toContainText('Precisa de atenção', { timeout: 30_000 });
  await uploadItem.getByRole('button', { name: 'Descartar' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Descartar item' });
  await discard.getByRole('button', { name: 'Cancelar' }).click();
  await expect(uploadItem).toBeVisible();
  await uploadItem.getByRole('button', { name: 'Editar' }).click();
  const editUpload = page.getByRole('dialog', { name: 'Editar documento' });
  await editUpload.getByLabel('Tipo de documento').selectOption({ label: 'CRLV' });
  await editUpload.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nenhum item aguardando envio.')).toBeVisible({ timeout: 30_000 });
  expect([payment.state.seen, document.state.seen]).toEqual([1, 1]);

  const onServer = await serverPayments(request, order.id);
  expect(onServer.map(amountOf)).toEqual([12.34]);
  const documents = await serverDocuments(request, order.id);
  expect(documents.map((d) => d.document_type?.name)).toEqual(['CRLV']);
});

test('a session that expires while items are queued: the queue pauses, nothing is dropped, and it resumes after signing in again', async ({
  page,
  context,
  request,
}) => {
  const user = await createAdministrator(request);
  const order = await createOrderViaApi(request);
  await page.goto('/login');
  await signIn(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await openOrder(page, order);
  const { payments, docs } = onOrder(page);

  await context.setOffline(true);
  await addPayment(page, '7777');
  await typeItem(docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');

  // The server ends every session of the user (what an expired or revoked token meets).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status(), await revoked.text()).toBe(200);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login/);
  // Nothing was sent and nothing was dropped: both items still wait in IndexedDB.
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );
  expect(waiting).toBe(2);
  expect(await serverPayments(request, order.id)).toHaveLength(0);

  await signIn(page, user);
  await expect(page).toHaveURL(new RegExp(`/sales-order/${order.documentId}/details`));
  // one row for the payment at every moment: the queued row gives way to the delivered one, never both
  await expect(paymentRow(payments, 'R$ 77,77')).toContainText('Pendente', { timeout: 60_000 });
  await expect(paymentRow(payments, 'R$ 77,77')).toHaveCount(1);
  await expect(typeItem(docs, 'CNH').getByText('Enviado')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  expect(await serverPayments(request, order.id)).toHaveLength(1);
  expect(await serverDocuments(request, order.id)).toHaveLength(1);
});

test('two tabs open when the network returns: both see the queue, one sends, each item reaches the server once', async ({ page, context, request }) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await openOrder(page, order);
  const second = await context.newPage();
  await second.goto(`/sales-order/${order.documentId}/details`);
  await expect(typeItem(onOrder(second).docs, 'CNH')).toBeVisible();

  // Requests that reached the server and got an answer (a try made while offline fails before).
  let creates = 0;
  let documents = 0;
  context.on('requestfinished', (r) => {
    if (r.method() !== 'POST') return;
    const { pathname } = new URL(r.url());
    if (pathname === '/api/receivables') creates += 1;
    if (pathname === '/api/sales-order-documents') documents += 1;
  });

  await context.setOffline(true);
  await addPayment(page, '8888');
  await typeItem(onOrder(second).docs, 'CNH').locator('input[type=file]').setInputFiles(photoJpeg());
  // Each tab sees what the other queued (the outbox lives in the one IndexedDB).
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');
  await expect(second.getByTestId('outbox-count')).toHaveText('2 pendentes');
  await expect(paymentRow(onOrder(second).payments, 'R$ 88,88')).toContainText('Aguardando envio');

  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(paymentRow(onOrder(tab).payments, 'R$ 88,88')).toContainText('Pendente', { timeout: 60_000 });
    await expect(typeItem(onOrder(tab).docs, 'CNH').getByText('Enviado')).toBeVisible({ timeout: 60_000 });
    await expect(tab.getByTestId('outbox-count')).toHaveCount(0);
  }
  expect([creates, documents]).toEqual([1, 1]);
  expect(await serverPayments(request, order.id)).toHaveLength(1);
  expect(await serverDocuments(request, order.id)).toHaveLength(1);
});
