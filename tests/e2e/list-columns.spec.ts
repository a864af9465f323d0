import type { Page } from '@playwright/test';
import { axeViolations } from './a11y';
import { login } from './helpers';
import { expect, test } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** The columns of 'Pedidos' as spec 001 §2 lists them. */
const PEDIDOS_COLUMNS = ['ID', 'Data', 'Despachante', 'Concessionária', 'CPF/CNPJ do Cliente', 'Vendedor', 'Valor Nominal', 'Valor Final', 'Status'];

const chooser = (page: Page) => page.getByRole('button', { name: /^Colunas/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Colunas' });
const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });
const box = (page: Page, name: string) => panel(page).getByRole('checkbox', { name, exact: true });
const countText = (n: number) => (n === 0 ? 'Colunas' : `Colunas ${n} ${n === 1 ? 'oculta' : 'ocultas'}`);

/** Opens /sales-orders and waits for its rows. */
async function openOrders(page: Page) {
  await page.goto('/sales-orders');
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
}

/** Forgets the session the way Sair does on this device, without ending the user's sessions elsewhere (other workers sign in as them too). */
async function forgetSession(page: Page) {
  await page.evaluate(() => ['token', 'user', 'permissions'].forEach((k) => localStorage.removeItem(k)));
}

test.describe("'Colunas' on a desktop", () => {
  test('Pedidos at 1280 px: every spec column is on the table or counted and ticked off in the chooser; a choice is kept per user', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await login(page, 'admin');
    await openOrders(page);

    // nothing the spec lists is off the table without the button saying so, and the panel agrees
    const onTable: boolean[] = [];
    for (const name of PEDIDOS_COLUMNS) onTable.push(await header(page, name).isVisible());
    await expect(chooser(page)).toHaveAccessibleName(countText(onTable.filter((v) => !v).length));
    await chooser(page).click();
    for (const [i, name] of PEDIDOS_COLUMNS.entries()) {
      await expect(box(page, name), name).toBeChecked({ checked: onTable[i] });
      // a column that gave way to the width says so beside its box
      await expect(box(page, name), name).toHaveAccessibleDescription(onTable[i] ? '' : 'sem espaço');
    }

    // the table, the button and the open panel: nothing axe (Lighthouse's engine) refuses
    expect(await axeViolations(page, { selector: 'main', run: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } } })).toEqual([]);

    // with the keyboard: Escape gives focus back, Enter opens on the first box, Space unticks
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(chooser(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box(page, 'ID')).toBeFocused();
    const before = onTable.filter((v) => !v).length;
    await box(page, 'Valor Nominal').press('Space');
    await expect(box(page, 'Valor Nominal')).not.toBeChecked();
    await expect(header(page, 'Valor Nominal')).toBeHidden();
    await expect(header(page, 'Valor Final')).toBeVisible();
    await expect(chooser(page)).toHaveAccessibleName(countText(before + 1));

    // kept after a reload
    await page.reload();
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    await expect(header(page, 'Valor Nominal')).toBeHidden();
    await expect(chooser(page)).toHaveAccessibleName(countText(before + 1));

    // another user on this device has their own columns
    await forgetSession(page);
    await login(page, 'despachante');
    await openOrders(page);
    await expect(header(page, 'Valor Nominal')).toBeVisible();
    await chooser(page).click();
    await expect(box(page, 'Valor Nominal')).toBeChecked();
    await page.keyboard.press('Escape');

    // and the first one finds theirs again; 'Restaurar padrão' forgets it
    await forgetSession(page);
    await login(page, 'admin');
    await openOrders(page);
    await expect(header(page, 'Valor Nominal')).toBeHidden();
    await chooser(page).click();
    await panel(page).getByRole('button', { name: 'Restaurar padrão' }).click();
    await expect(header(page, 'Valor Nominal')).toBeVisible();
    await expect(chooser(page)).toHaveAccessibleName(countText(before));
  });

  test('at 1024 px the columns that give way are counted, marked sem espaço, and a tick brings one back for good', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await login(page, 'admin');
    await openOrders(page);
    // Vendedor gives way first (priority 5): at 1024 px it is off the table, and counted
    await expect(header(page, 'Vendedor')).toBeHidden();
    await expect(chooser(page)).toHaveAccessibleName(/^Colunas \d+ ocultas?$/);
    await chooser(page).click();
    await expect(box(page, 'Vendedor')).not.toBeChecked();
    await expect(box(page, 'Vendedor')).toHaveAccessibleDescription('sem espaço');
    await expect(panel(page).getByText('Marque uma coluna sem espaço para mantê-la')).toBeVisible();

    await box(page, 'Vendedor').check();
    await expect(header(page, 'Vendedor')).toBeVisible();
    await expect(box(page, 'Vendedor')).toHaveAccessibleDescription('');
    // the status and amounts stay whatever was asked back
    for (const name of ['ID', 'Data', 'Valor Nominal', 'Valor Final', 'Status']) await expect(header(page, name)).toBeVisible();

    await page.reload();
    await expect(page.locator('tbody tr').first()).not.toContainText('Carregando...');
    await expect(header(page, 'Vendedor')).toBeVisible();
    await chooser(page).click();
    await panel(page).getByRole('button', { name: 'Restaurar padrão' }).click();
    await expect(header(page, 'Vendedor')).toBeHidden();
  });
});

/** Each list whose columns the spec names, with the first four of them (spec 000 §2.4: cards show the first 4 columns). */
const SPEC_LISTS = [
  { path: '/sales-orders', title: 'Pedidos', first4: ['ID', 'Data', 'Despachante', 'Concessionária'] },
  { path: '/receivables', title: 'Contas a Receber', first4: ['ID', 'Data', 'Pedido', 'Despachante'] },
  { path: '/users', title: 'Usuários', first4: ['ID', 'CPF/CNPJ', 'Nome completo', 'Email'] },
  { path: '/companies', title: 'Concessionárias', first4: ['ID', 'Nome Fantasia', 'Razão Social', 'CNPJ'] },
] as const;

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("the cards show the first four columns of the spec's list, as a list of list items axe accepts", async ({ page }) => {
    await login(page, 'admin');
    for (const { path, title, first4 } of SPEC_LISTS) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: title });
      const first = cards.getByRole('listitem').first();
      await expect(first.locator('dt'), title).toHaveText([...first4]);
      // a <ul> of <li>: roles the elements allow (no article turned into a listitem)
      expect(await cards.evaluate((el) => el.tagName), title).toBe('UL');
      expect(await cards.locator(':scope > *').evaluateAll((els) => els.map((e) => e.tagName)), title).not.toContain('ARTICLE');
      expect(await cards.locator(':scope > *').evaluateAll((els) => els.every((e) => e.tagName === 'LI')), title).toBe(true);
      // the chooser is the table's: the cards keep their four columns
      await expect(page.getByRole('button', { name: /^Colunas/ })).toHaveCount(0);
      expect(await axeViolations(page, { selector: 'main', run: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } } }), title).toEqual(
        [],
      );
    }
  });
});
