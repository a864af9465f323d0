import { expect, test, type BrowserContext, type BrowserType, type TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from './helpers';
import { persistedQuery, serviceWorkerReady } from './offline-helpers';

/**
 * Offline data you can trust, in Chromium against the real server: what one page load persisted
 * survives the next full page loads and a restart of the browser, and a list whose request fails
 * offline never shows 'Nenhum item encontrado' / '0 itens' — it shows the cached rows, or says it
 * has nothing offline for this page yet.
 */

/** A browser profile on disk: closing its context and launching it again is a browser restart. */
function profile(chromium: BrowserType, testInfo: TestInfo, baseURL: string | undefined) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-profile-'));
  const { launchOptions, viewport, locale, timezoneId } = testInfo.project.use;
  return {
    launch: (options: { offline?: boolean } = {}) =>
      chromium.launchPersistentContext(dir, { ...launchOptions, viewport, locale, timezoneId, baseURL, offline: options.offline ?? false }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const firstPage = async (context: BrowserContext) => context.pages()[0] ?? (await context.newPage());

const NOTHING_OFFLINE = 'Sem dados offline para esta página ainda. Conecte-se para carregar.';

test('a list seen before an order opened by its address opens offline after a browser restart, and again after that', async ({
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const browser = profile(playwright.chromium, testInfo, baseURL);
  try {
    const online = await browser.launch();
    // the page's clock: the seconds the user spends reading the order pass without the test waiting them
    await online.clock.install();
    const page = await firstPage(online);
    await login(page, 'admin');
    await page.goto('/sales-orders');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).not.toHaveText('Carregando...');
    const seen = await rows.allTextContents();
    const href =
      (await page
        .getByRole('link', { name: /Detalhes do pedido/ })
        .first()
        .getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/sales-order\/[^/]+\/details$/);
    await serviceWorkerReady(page);
    await persistedQuery(page, ['sales-orders', 'list']);

    // The order by its address: a full page load, which restores the cache and persists its own queries.
    await page.goto(href);
    await expect(page.getByRole('heading', { name: /Detalhes do Pedido #\d+/ })).toBeVisible();
    await persistedQuery(page, ['sales-orders', 'detail']);
    // "wait a few seconds" (the user reads the order: every timer of the page due in them runs),
    // then the browser closes, with the list and the order still stored.
    await page.clock.runFor(3_000);
    await persistedQuery(page, ['sales-orders', 'list']);
    await persistedQuery(page, ['sales-orders', 'detail']);
    await online.close();

    // The browser starts again with the network off, twice: the first offline visit's failed
    // refetch of the list must not cost the second one its rows.
    for (const visit of ['first', 'second']) {
      const offline = await browser.launch({ offline: true });
      const again = await firstPage(offline);
      await again.goto('/sales-orders');
      await expect(again.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
      await expect(again.getByText('Sem conexão')).toBeVisible();
      await expect(again.getByText(/atualizado há \d+ (segundos?|minutos?)/)).toBeVisible();
      await expect(again.locator('tbody tr'), `${visit} offline visit`).toHaveText(seen);
      await expect(again.getByText('Nenhum item encontrado')).toBeHidden();
      await expect(again.getByText(/^0 itens$/)).toBeHidden();
      await offline.close();
    }
  } finally {
    browser.remove();
  }
});

test('offline, a list with nothing cached says so instead of "Nenhum item encontrado" and "0 itens"', async ({ page, context }) => {
  test.setTimeout(90_000);
  await login(page, 'admin');
  await page.goto('/sales-orders');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).not.toHaveText('Carregando...');
  const seen = await rows.allTextContents();
  await expect(page.getByText(/^1-10 de \d+ itens$/)).toBeVisible();
  await serviceWorkerReady(page);
  await persistedQuery(page, ['sales-orders', 'list']);

  await context.setOffline(true);
  // A list never opened: a new page of the installed app, with the network off.
  const fresh = await context.newPage();
  await fresh.goto('/customers');
  await expect(fresh.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(fresh.getByText('Sem conexão')).toBeVisible();
  await expect(fresh.getByText(NOTHING_OFFLINE)).toBeVisible();
  await expect(fresh.getByText('Nenhum item encontrado')).toBeHidden();
  await expect(fresh.getByText(/^0 itens$/)).toBeHidden();

  // A page of a list that was seen, whose next page was not: the same, and back to the cached page.
  await fresh.goto('/sales-orders');
  await expect(fresh.locator('tbody tr')).toHaveText(seen);
  await fresh.getByRole('button', { name: 'Próxima página' }).click();
  await expect(fresh.getByText(NOTHING_OFFLINE)).toBeVisible();
  await expect(fresh.getByText(/^0 itens$/)).toBeHidden();
  await fresh.getByRole('button', { name: 'Página anterior' }).click();
  await expect(fresh.locator('tbody tr')).toHaveText(seen);
  await context.setOffline(false);
});
