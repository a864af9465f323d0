import { expect, test } from '@playwright/test';
import { ROLES, documentField, login, menu, passwordField } from './helpers';
import { createSeller } from './orders-helpers';

test('a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('CPF/CNPJ')).toBeVisible();
});

test.describe('a direct visit to a route the role lacks lands on / (spec 000 §2.1)', () => {
  const cases = [
    ['vendedor', '/receivables'],
    ['vendedor', '/despachantes'],
    ['vendedor', '/company/new'],
    ['concessionaria', '/despachantes'],
    ['despachante', '/roles'],
    ['despachante', '/role/1/permissions'],
  ] as const;
  for (const [role, path] of cases) {
    test(`${role} at ${path}`, async ({ page }) => {
      await login(page, role);
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    });
  }

  test('while a route the role holds opens, with its menu item active', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/user/new');
    await expect(page).toHaveURL(/\/user\/new$/);
    await expect(menu(page).getByRole('link', { name: 'Usuários' })).toHaveAttribute('aria-current', 'page');
    await expect(menu(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });
});

test('Sair clears the session and goes to /login; protected pages stay closed', async ({ page, request }) => {
  // A user of its own: Sair (POST /auth/logout) ends every session of the user, and other workers
  // run as the seeded logins at the same time.
  const seller = await createSeller(request);
  await page.goto('/login');
  await documentField(page).pressSequentially(seller.username);
  await passwordField(page).fill(seller.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => ['token', 'user', 'permissions'].map((k) => localStorage.getItem(k)))).toEqual([null, null, null]);
  await page.goto('/sales-orders');
  await expect(page).toHaveURL(/\/login$/);
});

test('the session survives a reload', async ({ page }) => {
  await login(page, 'concessionaria');
  await page.goto('/customers');
  await page.reload();
  await expect(page).toHaveURL(/\/customers/);
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Concessionária Avenida Veículos');
});

test.describe('a signed-in cold start (LCP)', () => {
  // The worker would answer from its precache; this is about what index.html announces.
  test.use({ serviceWorkers: 'block' });

  test('requests no script before its first API call that index.html did not preload', async ({ page }) => {
    await login(page, 'admin');
    // Leave the home first: its chart's script (loaded by the home's route only) may still be on its
    // way when the listener starts, and it is no request of the cold start below.
    await page.goto('about:blank');
    const early: string[] = [];
    let apiCalled = false;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // index.html's own request of the list's first page (lib/api/early.ts) is not the app's.
      if (pathname.startsWith('/api/') && pathname !== '/api/sales-orders') apiCalled = true;
      else if (!apiCalled && pathname.startsWith('/assets/') && pathname.endsWith('.js')) early.push(pathname);
    });
    await page.goto('/sales-orders');
    await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
    // The app's first call is users/me's revalidation, after the first screen's paint (main.tsx).
    await expect.poll(() => apiCalled).toBe(true);
    const entry = await page.locator('script[type="module"][src]').getAttribute('src');
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(preloaded.length).toBeGreaterThan(5);
    // workbox-window: the worker's registration, also after the first screen, is not preloaded on purpose.
    expect(early.filter((p) => p !== entry && !preloaded.includes(p) && !p.includes('/workbox-window'))).toEqual([]);
    // The shared chunks of a signed-in start (scripts/vite/chunk-groups.ts) are among them.
    expect(preloaded.some((p) => /\/assets\/core-[\w-]+\.js$/.test(p))).toBe(true);
    expect(preloaded.some((p) => /\/assets\/list-kit-[\w-]+\.js$/.test(p))).toBe(true);
    expect(preloaded.some((p) => /\/assets\/ui-[\w-]+\.js$/.test(p))).toBe(true);
  });

  test("leaves users/me's revalidation and the manifest until after the first screen's paint (main.tsx)", async ({ page }) => {
    await login(page, 'admin');
    // In the page: when React's first order row appears, and when the manifest's <link> is added.
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (marks.row === undefined && document.querySelector('a[aria-label^="Detalhes do pedido"]')) marks.row = performance.now();
        if (marks.manifest === undefined && document.querySelector('link[rel="manifest"]')) marks.manifest = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/sales-orders');
    await expect(page.getByRole('link', { name: /^Detalhes do pedido / }).first()).toBeVisible();
    const order = () =>
      page.evaluate(() => {
        const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
        const me = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === '/api/users/me');
        return { row: marks.row, manifest: marks.manifest, me: me?.startTime };
      });
    await expect.poll(async () => (await order()).me !== undefined && (await order()).manifest !== undefined).toBe(true);
    const { row, manifest, me } = await order();
    // The warm start painted the list from the stored session; the revalidation and the manifest came after.
    expect(row).toBeDefined();
    expect(me!).toBeGreaterThan(row!);
    expect(manifest!).toBeGreaterThan(row!);
  });

  test("asks for the list's first page before the application's JavaScript has arrived, and only once", async ({ page }) => {
    await login(page, 'admin');
    const lists: string[] = [];
    let listSeen: () => void = () => {};
    const listRequested = new Promise<void>((resolve) => (listSeen = resolve));
    const configs: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/config.js') configs.push(request.url());
      if (new URL(request.url()).pathname !== '/api/sales-orders') return;
      lists.push(request.url());
      listSeen();
    });
    // The entry chunk is held until the document has been parsed, so index.html's inline scripts
    // have all run and no module of the app has: the list request must have been sent by then
    // (the script leaves its pending answer on window.__balcaoEarly), and it reaches the network.
    let sentWhileHeld = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const early = await page.evaluate(async () => {
        if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('readystatechange', resolve, { once: true }));
        return (window as unknown as { __balcaoEarly?: unknown }).__balcaoEarly !== undefined;
      });
      sentWhileHeld = early && (await listRequested.then(() => true));
      await route.continue();
    });
    await page.goto('/sales-orders');
    await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhum item encontrado')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Detalhes do pedido / }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sentWhileHeld).toBe(true);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatch(/\/api\/sales-orders\?populate=%2A&pagination\[page\]=1&pagination\[pageSize\]=10$/);
    // The server wrote config.js into the page (server/src/middlewares/pwa.ts): no request for it.
    expect(configs).toEqual([]);
  });
});

test.describe('the shared chunks of a signed-in start (scripts/vite/chunk-groups.ts)', () => {
  test("/login loads no signed-in chunk until a sign-in is attempted, and never the list kit, the feature schemas or the lists' ui", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
    });
    const shared = (kind: string) => scripts.filter((p) => new RegExp(`/assets/${kind}-[\\w-]+\\.js$`).test(p));
    await page.goto('/login');
    // The worker's registration (lib/offline/update.ts, at idle) has loaded workbox-window.
    await expect.poll(() => scripts.some((p) => p.includes('/workbox-window'))).toBe(true);
    expect([...shared('core'), ...shared('list-kit'), ...shared('feature-schemas'), ...shared('ui')]).toEqual([]);
    // What /login and the signed-in screens both load (icons, error texts, CPF/CNPJ formatting and
    // its check digits) is one chunk.
    expect(shared('shared')).toHaveLength(1);
    expect(scripts.filter((p) => p.includes('/brazilian-utils'))).toEqual([]);
    await documentField(page).pressSequentially(ROLES.admin.document);
    await passwordField(page).fill('SenhaErrada1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Login falhou')).toBeVisible();
    // The session's modules (schemas, ofetch, qs) are in core (scripts/vite/chunk-groups.ts).
    expect(shared('core')).toHaveLength(1);
    expect([...shared('list-kit'), ...shared('feature-schemas'), ...shared('ui')]).toEqual([]);
  });
});

test('unknown paths show the not-found page with a link home', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the sidebar collapses and expands on desktop', async ({ page }) => {
  await login(page, 'admin');
  const sidebar = page.getByTestId('sidebar');
  expect((await sidebar.boundingBox())?.width).toBe(256);
  await page.getByRole('button', { name: 'Recolher menu' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(100);
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
});

test.describe('at 375 px the sidebar is a slide-in drawer (spec 000 §2.2)', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('opens from the menu button, navigates and closes', async ({ page }) => {
    await login(page, 'admin');
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toHaveAttribute('data-state', 'closed');
    await expect(menu(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(drawer).toHaveAttribute('data-state', 'open');
    await expect(menu(page)).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(375);
    // nothing of the page underneath covers the drawer: every item takes the click
    for (const link of await menu(page).getByRole('link').all()) await link.click({ trial: true, timeout: 2000 });
    await menu(page).getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/customers/);
    await expect(drawer).toHaveAttribute('data-state', 'closed');
    await expect(menu(page)).toBeHidden();
  });
});
