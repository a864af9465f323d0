import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, menu } from './helpers';
import { routeTable } from './route-table';
import { photoJpeg } from './fixtures/files';
import { apiToken, card, createOrderViaApi } from './orders-helpers';
import { orderPersisted, persistedQuery, serviceWorkerReady } from './offline-helpers';

/**
 * Installable, and reading offline, in Chromium against the real server: the
 * service worker precaches the shell, so after one online visit every route of the route table
 * opens with the network off (a new page too); the persisted query cache paints lists seen
 * before with 'Sem conexão' and the data's age; the DevTools Protocol finds no installability error.
 */

test('installable: the DevTools Protocol reports no installability errors, and the manifest is in Portuguese', async ({ playwright, baseURL }, testInfo) => {
  // A regular (not incognito) profile: Chromium never offers installation in incognito.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-profile-'));
  const browser = await playwright.chromium.launchPersistentContext(dir, { ...testInfo.project.use.launchOptions, baseURL });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto('/login');
  await serviceWorkerReady(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ short_name: 'Balcão', lang: 'pt-BR', display: 'standalone', start_url: '/', theme_color: '#0E5FB2' });
  const icons = manifest.icons as Array<{ sizes: string; purpose: string }>;
  expect(
    icons
      .filter((i) => i.purpose === 'maskable')
      .map((i) => i.sizes)
      .sort(),
  ).toEqual(['192x192', '512x512']);
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

test('after one online visit every route of the route table opens offline, a new page included', async ({ page, context }) => {
  test.setTimeout(240_000);
  await login(page, 'admin');
  await page.goto('/sales-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await serviceWorkerReady(page);
  await persistedQuery(page, ['sales-orders', 'list']);

  await context.setOffline(true);
  for (const [route, meta] of Object.entries(await routeTable())) {
    if (route === '/login') continue;
    await page.goto(route.replaceAll('$id', '999999'));
    // The app (not the browser's offline page) for every route: the shell, or the public card
    // (a route that opens a modal over its list hides the shell from the accessibility tree: the dialog is the app then).
    const app = meta.permission === 'public' ? page.getByRole('heading').first() : menu(page).or(page.getByRole('dialog')).first();
    await expect(app, `${route} offline`).toBeVisible();
  }

  // A cold start with the network off: a new page of the installed app.
  const fresh = await context.newPage();
  await fresh.goto('/sales-orders');
  await expect(fresh.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(fresh.getByText('Sem conexão')).toBeVisible();
  await context.setOffline(false);
});

test('a list seen online opens offline after a reload, with its rows, the offline state and the age of the data', async ({ page, context }) => {
  await login(page, 'admin');
  await page.goto('/sales-orders');
  const firstRow = page.locator('tbody tr').first();
  // The list frame paints before its data: wait for a row of data, not 'Carregando...'.
  await expect(firstRow).toBeVisible();
  await expect(firstRow).not.toHaveText('Carregando...');
  const text = (await firstRow.textContent()) ?? '';
  await serviceWorkerReady(page);
  // Saved to IndexedDB with nothing else happening on the page (the list may have arrived before
  // the cache began persisting: index.html asks for its first page, lib/api/early.ts).
  await persistedQuery(page, ['sales-orders', 'list']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByText('Sem conexão')).toBeVisible();
  await expect(page.getByText(/atualizado há \d+ (segundos?|minutos?)/)).toBeVisible();
  await expect(page.locator('tbody tr').first()).toHaveText(text);
  await context.setOffline(false);
  await expect(page.getByText('Sem conexão')).toBeHidden();
});

test('offline: a photo and a payment wait in the outbox across a reload, then reach the server exactly once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}/details`);
  const payments = card(page, 'Dados do pagamento');
  const docs = card(page, 'Documentos');
  await expect(payments.getByText('Nenhum pagamento registrado.')).toBeVisible();
  await expect(docs.getByText('Nenhum documento enviado para este pedido.')).toBeVisible();
  await serviceWorkerReady(page);
  await orderPersisted(page, order);

  await context.setOffline(true);
  await payments.getByRole('button', { name: 'Adicionar novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo pagamento' });
  await dialog.getByLabel('Meio de pagamento').selectOption({ label: 'PIX' });
  await dialog.getByLabel('Valor').pressSequentially('4321');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const cnh = docs.getByRole('list', { name: 'Tipos de documento' }).getByRole('listitem').filter({ hasText: 'CNH' });
  await cnh.locator('input[type=file]').setInputFiles(photoJpeg());
  await expect(page.getByTestId('outbox-count')).toHaveText('2 pendentes');

  // Closed and reopened without a network: still there, still pending.
  await page.reload();
  await expect(payments.locator('tbody tr').first()).toContainText('Aguardando envio');
  await expect(payments.locator('tbody tr').first()).toContainText('R$ 43,21');
  await expect(cnh.getByText('Aguardando envio')).toBeVisible();
  await page.getByTestId('outbox-count').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fila de envio' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Itens da fila' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('storage-estimate')).toContainText('Armazenamento usado');
  await page.goBack();

  await context.setOffline(false);
  await expect(payments.locator('tbody tr').first()).toContainText('Pendente');
  await expect(cnh.getByText('Enviado')).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  // The server holds each exactly once.
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const receivables = await (await request.get(`/api/receivables?filters[pedido_id][$eq]=${order.id}`, { headers })).json();
  expect(receivables.data).toHaveLength(1);
  const documents = await (await request.get(`/api/sales-order-documents?filters[sales_order][id][$eq]=${order.id}`, { headers })).json();
  expect(documents.data).toHaveLength(1);
});
