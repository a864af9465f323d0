import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { OUTBOX_LOCK } from '../../src/lib/offline/locks';
import { login } from './helpers';
import { serverPayments, serviceWorkerReady } from './offline-helpers';
import { card, createOrderViaApi, expect, test } from './orders-helpers';

/**
 * Never a forced reload while the outbox is sending: a second release of the service
 * worker, offered while a payment is being sent, is activated only after that send is delivered.
 *
 * Staging a second release without a second build: the app is reached through a small proxy of
 * this test (one loopback port, E2E_PORT + 20000) that forwards everything to the `npm start`
 * server except `/sw.js`, which it serves from dist/ itself, with a trailing comment once the test
 * "deploys" (a byte-different script is a new release for the browser). The proxy can also hold
 * the payment's POST /api/receivables until the test lets it through, so the send is in flight.
 */
test.describe.configure({ timeout: 180_000 });

const UPSTREAM = Number(process.env.E2E_PORT ?? '4391');
const PROXY_PORT = UPSTREAM + 20_000;
const proxyOrigin = `http://127.0.0.1:${PROXY_PORT}`;
const swSource = () => readFileSync(path.resolve('dist/sw.js'), 'utf8');

const stage = { release: 1, holdPayments: false, held: [] as Array<() => void>, paymentPosts: 0 };
let proxy: http.Server;

test.use({ baseURL: proxyOrigin });

test.beforeAll(async () => {
  proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', proxyOrigin);
    if (url.pathname === '/sw.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-cache' });
      res.end(stage.release === 1 ? swSource() : `${swSource()}\n// release ${stage.release}\n`);
      return;
    }
    const forward = () => {
      const upstream = http.request(
        { host: '127.0.0.1', port: UPSTREAM, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${UPSTREAM}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (req.method === 'POST' && url.pathname === '/api/receivables') {
      stage.paymentPosts += 1;
      if (stage.holdPayments) {
        stage.held.push(forward);
        return;
      }
    }
    forward();
  });
  await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  for (const go of stage.held.splice(0)) go();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

/**
 * Records, in the page, every message posted to a service worker (workbox-window's
 * `messageSkipWaiting` posts `{type: 'SKIP_WAITING'}` to the waiting worker: the switch to a new
 * release, which then takes control and reloads the page).
 */
const recordWorkerMessages = (page: Page) =>
  page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __workerMessages: unknown[] }).__workerMessages = sent;
    const post = ServiceWorker.prototype.postMessage;
    ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: Parameters<ServiceWorker['postMessage']>) {
      sent.push(args[0]);
      return post.apply(this, args as never);
    } as ServiceWorker['postMessage'];
  });
/** Whether the page has told a worker to skip waiting (activate a new release). */
const skipWaitingSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __workerMessages: Array<{ type?: string }> }).__workerMessages.some((m) => m?.type === 'SKIP_WAITING'));

/** Marks the current document; the mark is gone once the page has reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("'Atualizar' while a payment is being sent waits for its delivery, then activates the new release and reloads once", async ({ page, request }) => {
  await recordWorkerMessages(page);
  await page.clock.install();
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}/details`);
  const payments = card(page, 'Dados do pagamento');
  await expect(payments.getByRole('heading', { name: 'Dados do pagamento' })).toBeVisible();
  await serviceWorkerReady(page);
  const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(firstWorker).toBe(`${proxyOrigin}/sw.js`);

  // A deploy: the browser finds a byte-different sw.js, installs it, and it waits.
  stage.release = 2;
  await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
  const prompt = page.getByRole('status', { name: 'Atualização do aplicativo' });
  await expect(prompt).toContainText('Nova versão disponível.');
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  // A payment whose POST the proxy holds: the send is in flight.
  stage.holdPayments = true;
  await payments.getByRole('button', { name: 'Adicionar novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
  await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
  await dialog.getByLabel('Valor').pressSequentially('7531');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => stage.held.length).toBe(1);

  await markDocument(page);
  await prompt.getByRole('button', { name: 'Atualizar' }).click();
  await expect(prompt).toHaveText('Atualizando assim que o envio em andamento terminar...');
  // The send holds the outbox's Web Lock, which the update waits for: no switch is asked for, no
  // reload, the new release still waiting, however long the send takes (every timer of the page
  // due in the next minute runs).
  await expect.poll(() => page.evaluate(async (name) => ((await navigator.locks.query()).held ?? []).some((l) => l.name === name), OUTBOX_LOCK)).toBe(true);
  await page.clock.runFor(60_000);
  expect(await skipWaitingSent(page)).toBe(false);
  expect(await sameDocument(page)).toBe(true);
  await expect(prompt).toHaveText('Atualizando assim que o envio em andamento terminar...');
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
  expect(await serverPayments(request, order.id)).toHaveLength(0);

  // The send is delivered; only then does the new release take over and the page reload.
  stage.holdPayments = false;
  for (const go of stage.held.splice(0)) go();
  await expect.poll(() => sameDocument(page).catch(() => false), { timeout: 30_000 }).toBe(false);
  await expect(payments.getByRole('heading', { name: 'Dados do pagamento' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  await expect(payments.locator('tbody tr').filter({ hasText: 'R$ 75,31' })).toContainText('Pendente');

  const onServer = await serverPayments(request, order.id);
  expect(onServer.map((p) => Number(p.amount_original))).toEqual([75.31]);
  expect(stage.paymentPosts).toBe(1);
});

test("'Atualizar' with unsaved input in a form asks to save or discard it first; after leaving the form it updates", async ({ page }) => {
  await recordWorkerMessages(page);
  await page.clock.install();
  await login(page, 'admin');
  await page.goto('/state/new');
  await serviceWorkerReady(page);
  await page.goto('/state/new');
  await page.getByLabel('Nome').fill('Estado em edição');

  stage.release += 1;
  await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
  const prompt = page.getByRole('status', { name: 'Atualização do aplicativo' });
  await expect(prompt).toContainText('Nova versão disponível.');

  await markDocument(page);
  await prompt.getByRole('button', { name: 'Atualizar' }).click();
  await expect(prompt).toContainText('Salve ou descarte o formulário antes de atualizar.');
  // Refused, then and later (every timer of the page due in the next minute runs): the switch to
  // the new release was never asked for (it is what would reload).
  await page.clock.runFor(60_000);
  expect(await skipWaitingSent(page)).toBe(false);
  expect(await sameDocument(page)).toBe(true);
  await expect(page.getByLabel('Nome')).toHaveValue('Estado em edição');
  await prompt.getByRole('button', { name: 'OK' }).click();
  await expect(prompt).toContainText('Nova versão disponível.');

  // Leaving the form (discarding its input) lets the update through.
  await page.getByRole('link', { name: 'Estados' }).first().click();
  await expect(page).toHaveURL(/\/states(\?|$)/);
  await prompt.getByRole('button', { name: 'Atualizar' }).click();
  await expect.poll(() => sameDocument(page).catch(() => false), { timeout: 30_000 }).toBe(false);
  await expect(page).toHaveURL(/\/states(\?|$)/);
  await expect(prompt).toHaveCount(0);
});
