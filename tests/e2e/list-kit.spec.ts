import type { Page } from '@playwright/test';
import { login } from './helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';

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
 * Types `text` one character every `delayMs` inside the page (native value setter + input event, as
 * React listens). Unlike pressSequentially, the gaps between keys are page timers, so on a loaded
 * machine they stay shorter than the 350 ms debounce they are compared with (both are delayed alike).
 */
async function typeInPage(locator: import('@playwright/test').Locator, text: string, delayMs = 80) {
  await locator.evaluate(
    async (el, [value, delay]) => {
      const input = el as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      input.focus();
      for (let i = 1; i <= value.length; i++) {
        setValue.call(input, value.slice(0, i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => setTimeout(r, delay));
      }
    },
    [text, delayMs] as const,
  );
}

test.describe('List kit (issue 9 item 4)', () => {
  test('typing "silva" in Buscar sends one list request, after the pause', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/sales-orders');
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    const orders = countListRequests(page, '/api/sales-orders');
    await typeInPage(page.getByRole('searchbox', { name: 'Buscar' }), 'silva');
    await expect(page).toHaveURL(/q=silva/);
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    await page.waitForTimeout(1_000);
    expect(orders, orders.join('\n')).toHaveLength(1);
    expect(orders[0]).toContain('silva');

    const receivables = countListRequests(page, '/api/receivables');
    await page.goto('/receivables');
    await expect(page.getByRole('heading', { name: 'Contas a Receber' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    await typeInPage(page.getByRole('searchbox', { name: 'Buscar' }), 'silva');
    await expect(page).toHaveURL(/q=silva/);
    await page.waitForTimeout(1_000);
    // the first load, then one request for the typed search
    expect(
      receivables.filter((q) => q.includes('silva')),
      receivables.join('\n'),
    ).toHaveLength(1);
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
      // once a column is hidden, every less important one is hidden too
      const firstShown = shown.indexOf(true);
      if (firstShown >= 0) expect(shown.slice(firstShown).every(Boolean), `${width}px: ${JSON.stringify(shown)}`).toBe(true);
      expect(shown.filter(Boolean).length, `${width}px`).toBeLessThan(4);
    }
  });
});
