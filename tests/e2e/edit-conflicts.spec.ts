import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { login } from './helpers';
import { serviceWorkerReady } from './offline-helpers';
import { apiToken, createOrderViaApi, expect, test, toastText } from './orders-helpers';

/**
 * Edits that never overwrite a colleague's (docs/frontend.md): two clerks open the same order; the
 * second to save is refused and chooses 'Manter as minhas' (their other changes stay, mine win on
 * my fields) or 'Usar as deles' (the form takes their values, nothing is written). Offline, the
 * queued edit that meets a changed order needs attention on the queue page with the same choice.
 * Each ends by reading the order on the server.
 */
test.describe.configure({ timeout: 120_000 });

type Order = { id: number; documentId: string };

async function serverOrder(request: APIRequestContext, order: Order) {
  const jwt = await apiToken(request);
  const res = await request.get(`/api/sales-orders/${order.documentId}`, { headers: { Authorization: `Bearer ${jwt}` } });
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: Record<string, unknown> };
  return { status: data.status_in, current: Number(data.current_amount), financed: data.is_vehicle_financed, updatedAt: data.updatedAt };
}

/** A second clerk (another browser context, the administrator too) who saves Status Autorizado and Valor Atual R$ 600,00 first. */
async function colleagueSaves(browser: Browser, order: Order) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}`);
  await page.getByLabel('Status').selectOption({ label: 'Autorizado' });
  await page.getByLabel('Valor Atual').fill('60000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Pedido atualizado com sucesso')).toBeVisible();
  await context.close();
}

/** Opens the order's form and changes Valor Atual to R$ 700,00 and turns Veículo Financiado on (not saved yet). */
async function myEdit(page: Page, order: Order) {
  await page.goto(`/sales-order/${order.documentId}`);
  await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s500,00/);
  await page.getByLabel('Valor Atual').fill('70000');
  await page.getByLabel('Veículo Financiado').check();
}

const conflictDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Registro alterado por outra pessoa' });
const row = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name: label }) });

test('online: the second save is refused and shows theirs vs mine; Manter as minhas keeps their other changes and mine', async ({ page, browser, request }) => {
  const order = await createOrderViaApi(request, { current_amount: 500, is_vehicle_financed: false });
  await login(page, 'admin');
  await myEdit(page, order);
  await colleagueSaves(browser, order);
  const theirs = await serverOrder(request, order);

  await page.getByRole('button', { name: 'Salvar' }).click();
  const dialog = conflictDialog(page);
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Mudanças: deles e minhas' });
  await expect(row(table, 'Status')).toContainText(/Autorizado\s*Pendente/);
  await expect(row(table, 'Valor Atual')).toContainText(/R\$\s600,00\s*R\$\s700,00/);
  await expect(row(table, 'Veículo Financiado')).toContainText(/Não\s*Sim/);
  await expect(table.getByRole('rowheader', { name: 'Valor Original' })).toHaveCount(0);
  // nothing was written by the refused save
  expect(await serverOrder(request, order)).toEqual(theirs);

  await dialog.getByRole('button', { name: 'Manter as minhas' }).click();
  await expect(toastText(page, 'Pedido atualizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/sales-orders/);
  expect(await serverOrder(request, order)).toMatchObject({ status: 'authorized', current: 700, financed: true });
});

test('online: Usar as deles puts their values in the form and writes nothing; Cancelar keeps mine and asks again', async ({ page, browser, request }) => {
  const order = await createOrderViaApi(request, { current_amount: 500, is_vehicle_financed: false });
  await login(page, 'admin');
  await myEdit(page, order);
  await colleagueSaves(browser, order);
  const theirs = await serverOrder(request, order);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await conflictDialog(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(conflictDialog(page)).toBeHidden();
  await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s700,00/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await conflictDialog(page).getByRole('button', { name: 'Usar as deles' }).click();
  await expect(conflictDialog(page)).toBeHidden();
  await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s600,00/);
  await expect(page.getByLabel('Status')).toHaveValue('authorized');
  await expect(page.getByLabel('Veículo Financiado')).not.toBeChecked();
  expect(await serverOrder(request, order)).toEqual(theirs);

  // the form now starts from their version: a save goes through without asking
  await page.getByLabel('Placa Especial').check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Pedido atualizado com sucesso')).toBeVisible();
  expect(await serverOrder(request, order)).toMatchObject({ status: 'authorized', current: 600, financed: false });
});

/** The colleague's save through the API while this clerk is offline: Status Autorizado and Valor Atual R$ 600,00. */
async function colleagueSavesViaApi(request: APIRequestContext, order: Order) {
  const jwt = await apiToken(request);
  const res = await request.put(`/api/sales-orders/${order.documentId}`, {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { data: { status_in: 'authorized', current_amount: 600 } },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Edits offline, the colleague saves meanwhile, back online: the queued edit needs attention on /fila. */
async function staleQueuedEdit(page: Page, context: import('@playwright/test').BrowserContext, request: APIRequestContext, order: Order) {
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}`);
  await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s500,00/);
  await serviceWorkerReady(page);
  await expect(page.getByLabel('Valor Atual')).toHaveValue(/R\$\s500,00/);
  await context.setOffline(true);
  await page.getByLabel('Valor Atual').fill('70000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Alterações do pedido na fila de envio.')).toBeVisible();
  await colleagueSavesViaApi(request, order);
  await context.setOffline(false);
  await expect(toastText(page, /precisa de atenção/)).toBeVisible();
  await page.goto('/fila');
  const item = page
    .getByRole('list', { name: 'Itens da fila' })
    .getByRole('listitem')
    .filter({ hasText: `Alterações do pedido ${order.id}` });
  await expect(item).toContainText('Precisa de atenção');
  const table = item.getByRole('table', { name: 'Mudanças: deles e minhas' });
  await expect(row(table, 'Valor Atual')).toContainText(/R\$\s600,00\s*R\$\s700,00/);
  await expect(row(table, 'Status')).toContainText(/Autorizado\s*Pendente/);
  expect(await serverOrder(request, order)).toMatchObject({ status: 'authorized', current: 600 });
  return item;
}

test('offline: a queued edit that meets a changed order needs attention; Manter as minhas sends it with the new version (only my field)', async ({
  page,
  context,
  request,
}) => {
  const order = await createOrderViaApi(request, { current_amount: 500 });
  const item = await staleQueuedEdit(page, context, request, order);
  await item.getByRole('button', { name: 'Manter as minhas' }).click();
  await expect(toastText(page, 'Pedido atualizado com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item aguardando envio.')).toBeVisible();
  // mine won on Valor Atual; their Status stayed (the queued edit sends only the fields changed)
  expect(await serverOrder(request, order)).toMatchObject({ status: 'authorized', current: 700 });
});

test('offline: Usar as deles discards the queued edit and the order stays as the colleague saved it', async ({ page, context, request }) => {
  const order = await createOrderViaApi(request, { current_amount: 500 });
  const item = await staleQueuedEdit(page, context, request, order);
  const before = await serverOrder(request, order);
  await item.getByRole('button', { name: 'Usar as deles' }).click();
  await expect(page.getByText('Nenhum item aguardando envio.')).toBeVisible();
  expect(await serverOrder(request, order)).toEqual(before);
});
