import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './a11y';
import { login } from './helpers';
import { persistedQuery, serviceWorkerReady } from './offline-helpers';

/**
 * The home (docs/decisions.md "The home"): the figures of the signed-in party, each status a link
 * to Pedidos filtered with that many items, the monthly chart with its table, the last figures
 * offline with their age, and no sideways scroll at 375 px.
 */

const ordersCard = (page: Page) => page.getByRole('region', { name: 'Pedidos por situação' });

/** The count beside a status in 'Pedidos por situação'. */
async function statusCount(page: Page, label: string): Promise<number> {
  const row = ordersCard(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: label, exact: true }) });
  const text = (await row.locator('span').last().textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('the figures of the despachante, a status link opens Pedidos filtered with that many items', async ({ page }) => {
  await login(page, 'despachante');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(ordersCard(page).getByRole('link', { name: 'Pendente', exact: true })).toBeVisible();
  const receivables = page.getByRole('region', { name: 'Contas a receber pendentes' });
  await expect(receivables.getByTestId('home-pending-total')).toHaveText(/R\$\s?[\d.]+,\d{2}/);
  await expect(receivables.getByTestId('home-aged-7')).toContainText('Há mais de 7 dias');
  await expect(page.getByRole('region', { name: 'Fila deste aparelho' }).getByRole('link', { name: 'Abrir a fila de envio' })).toBeVisible();

  const monthly = page.getByRole('region', { name: 'Recebimentos nos últimos 12 meses' });
  const table = monthly.getByRole('table', { name: /Pago e pendente por mês/ });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('columnheader')).toHaveText(['Mês', 'Pago', 'Pendente']);
  await expect(monthly.getByTestId('home-monthly-chart').locator('canvas')).toBeVisible();
  expect(await axeViolations(page, { selector: 'main', run: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } } })).toEqual([]);

  // other tests add orders to this dispatcher meanwhile: the figure and the list are compared at one moment (again if one moved between)
  await expect(async () => {
    await page.goto('/');
    await expect(ordersCard(page).getByRole('link', { name: 'Pendente', exact: true })).toBeVisible();
    const pending = await statusCount(page, 'Pendente');
    expect(pending).toBeGreaterThan(0);
    await ordersCard(page).getByRole('link', { name: 'Pendente', exact: true }).click();
    await expect(page).toHaveURL(/\/sales-orders\?.*status.*pending/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^\\d+-\\d+ de ${pending} itens$`))).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: /^Situação/ })).toHaveValue('pending');
});

test('a salesman sees his orders and no receivables', async ({ page }) => {
  await login(page, 'vendedor');
  await expect(ordersCard(page).getByRole('link', { name: 'Pago', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contas a receber pendentes' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recebimentos nos últimos 12 meses' })).toHaveCount(0);
});

test('offline the home shows the last figures with their age', async ({ page, context }) => {
  test.setTimeout(90_000);
  await login(page, 'admin');
  const paid = ordersCard(page).getByRole('link', { name: 'Pago', exact: true });
  await expect(paid).toBeVisible();
  const seen = await statusCount(page, 'Pago');
  await serviceWorkerReady(page);
  for (const widget of ['orders-by-status', 'receivables-pending', 'receivables-monthly']) await persistedQuery(page, ['dashboard', widget]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Sem conexão')).toBeVisible();
  await expect(page.getByText(/atualizado há \d+ (segundos?|minutos?)/)).toBeVisible();
  await expect(paid).toBeVisible();
  expect(await statusCount(page, 'Pago')).toBe(seen);
  await expect(page.getByRole('table', { name: /Pago e pendente por mês/ }).getByRole('row')).toHaveCount(13);
  await context.setOffline(false);
});

test('at 375 px the home fits the screen: no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await login(page, 'admin');
  const table = page.getByRole('table', { name: /Pago e pendente por mês/ });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(page.getByTestId('home-monthly-chart').locator('canvas')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await table.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
});
