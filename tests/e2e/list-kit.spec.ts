import type { Page } from '@playwright/test';
import { login } from './helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';
import { SEARCH_DEBOUNCE_MS } from '../../src/components/layout/list/use-resource-list';

test.describe.configure({ timeout: 120_000 });

const PEDIDOS_COLUMNS = ['ID', 'Data', 'Despachante', 'Concessionária', 'CPF/CNPJ do Cliente', 'Vendedor', 'Valor Nominal', 'Valor Final', 'Status'];

/** GET requests of the list endpoint `path` (e.g. /api/sales-orders) made by the page from now on. */
function countListRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (req.method() === 'GET' && url.pathname === path) seen.push(url.search);
  });
  return seen;
}

/** The table's own sideways overflow (px) and the page's. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('table')?.parentElement;
    return {
      table: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

/**
 * Types `text` into the search box one key every `gapMs` of the page's own clock: the clock is
 * paused and each gap is run with `page.clock.runFor`, so the gaps stay exactly `gapMs` however
 * loaded the machine is (real timer gaps once outlasted the debounce under load). Then runs the
 * clock well past `SEARCH_DEBOUNCE_MS` (every timer the typing started has fired: a second,
 * late request would have been sent by now), lets time flow again, and waits for the answer to
 * the typed search. Needs `page.clock.install()` before load.
 */
async function typeWithPageClock(page: Page, listPath: string, text: string, gapMs = 80) {
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === listPath && res.url().includes(text));
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
  const box = page.getByRole('searchbox', { name: 'Buscar' });
  for (const key of text) {
    await box.press(key);
    await page.clock.runFor(gapMs);
  }
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 4);
  await page.clock.resume();
  await answered;
}

test.describe('List kit', () => {
  test('typing "silva" in Buscar sends one list request, after the pause', async ({ page }) => {
    await page.clock.install();
    await login(page, 'admin');
    await page.goto('/sales-orders');
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    const orders = countListRequests(page, '/api/sales-orders');
    await typeWithPageClock(page, '/api/sales-orders', 'silva');
    await expect(page).toHaveURL(/q=silva/);
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    expect(orders, orders.join('\n')).toHaveLength(1);
    expect(orders[0]).toContain('silva');

    const receivables = countListRequests(page, '/api/receivables');
    await page.goto('/receivables');
    await expect(page.getByRole('heading', { name: 'Contas a Receber' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    const loads = receivables.length;
    await typeWithPageClock(page, '/api/receivables', 'silva');
    await expect(page).toHaveURL(/q=silva/);
    // the first load(s), then one request for the typed search
    expect(receivables.slice(loads), receivables.join('\n')).toHaveLength(1);
    expect(receivables.slice(loads)[0]).toContain('silva');
  });

  test('Pedidos at 1280×800 with the sidebar open: nine readable columns, no sideways scroll, formatted documents', async ({ page, request }) => {
    // a large order of the kind a dealership bills (six-figure amounts), on top of the seeded ones
    await createOrderViaApi(request, { original_amount: 123_456.78, current_amount: 98_765.43 });
    await login(page, 'admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/sales-orders?sort=original_amount:desc');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow).toContainText('R$ 123.456,78');

    for (const name of PEDIDOS_COLUMNS) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    expect(await overflow(page)).toEqual({ table: 0, page: 0 });

    // status and amounts are whole on screen, and the sticky actions cell covers none of them
    const cells = firstRow.locator('td');
    const actions = await cells.last().boundingBox();
    for (const i of [6, 7, 8]) {
      const box = (await cells.nth(i).boundingBox())!;
      expect(box.x + box.width, `column ${PEDIDOS_COLUMNS[i]}`).toBeLessThanOrEqual(actions!.x + 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    }
    await expect(cells.nth(6)).toHaveText('R$ 123.456,78');
    await expect(cells.nth(7)).toHaveText('R$ 98.765,43');
    await expect(cells.nth(8)).toHaveText('Pendente');

    // the seller (a username, here the seeded Vendedor's CPF) is shown formatted
    await page.getByRole('button', { name: 'Filtros de busca' }).click();
    await page.getByLabel('Vendedor', { exact: true }).fill('11144477735');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/seller/);
    // the seller shows by name (its CPF only when it has none; never raw digits: checked below)
    await expect(firstRow.locator('td').nth(5)).toHaveText('Vendedor Demonstração');
    const documents = await page.locator('tbody tr td:nth-child(5), tbody tr td:nth-child(6)').allInnerTexts();
    for (const text of documents) expect(text.trim(), 'a raw CPF/CNPJ').not.toMatch(/^(\d{11}|\d{14})$/);
  });

  test('narrower screens drop the least important columns first, never status or amounts', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/sales-orders');
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    // priority of each optional column: the higher gives way first (sales-order-list.tsx)
    const optional = [
      ['Vendedor', 5],
      ['Despachante', 4],
      ['Concessionária', 3],
      ['CPF/CNPJ do Cliente', 2],
    ] as const;
    for (const width of [1024, 900, 800]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of ['ID', 'Data', 'Valor Nominal', 'Valor Final', 'Status'])
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect.poll(async () => (await overflow(page)).page, { message: `page overflow at ${width}px` }).toBe(0);
      const shown = [];
      for (const [name] of optional) shown.push(await page.getByRole('columnheader', { name, exact: true }).isVisible());
      // once a column is hidden, every less important one is hidden too (and at least one is)
      const hidden = shown.filter((s) => !s).length;
      expect(hidden, `${width}px`).toBeGreaterThan(0);
      expect(shown, `${width}px`).toEqual(optional.map((_, i) => i >= hidden));
    }
  });
});
