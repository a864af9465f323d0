import type { Page, Request } from '@playwright/test';
import { login } from './helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';

/**
 * The app runs under the production server's Content-Security-Policy without a single
 * violation (Lighthouse best practices counts any "Content security policy" entry
 * of Chromium's Issues panel, even a caught one such as zod's `new Function` probe). Two
 * witnesses per page: the DevTools Protocol's Audits issues (what Lighthouse reads) and the
 * page's own `securitypolicyviolation` events (with the blocked URI and directive, for the
 * failure message).
 */

interface Witness {
  issues: unknown[];
  violations: () => Promise<string[]>;
}

async function watchCsp(page: Page): Promise<Witness> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI || '(inline/eval)'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  const cdp = await page.context().newCDPSession(page);
  const issues: unknown[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(issue.details.contentSecurityPolicyIssueDetails);
  });
  await cdp.send('Audits.enable');
  return {
    issues,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
}

/** The page's requests still waiting for an answer, counted from now on. */
function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/**
 * Lets the page load what it loads after the first paint, waiting for each of those events: the
 * manifest link (added once the first screen painted), the service worker's registration (at
 * idle, src/main.tsx) active, an idle moment of the main thread after it, and no request of the
 * page left without an answer (lazy chunks, queries). That last wait ends after 10 s: a screen
 * that keeps a request open must not fail this test, which is about CSP.
 */
async function settle(page: Page, inFlight: () => number) {
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    await new Promise<void>((resolve) => requestIdleCallback(() => resolve()));
  });
  await expect
    .poll(inFlight, { timeout: 10_000 })
    .toBe(0)
    .catch(() => undefined);
}

test.describe('Content-Security-Policy: no violation reported (Lighthouse best practices)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('on /login, signed out', async ({ page }) => {
    const csp = await watchCsp(page);
    const inFlight = requestsInFlight(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await settle(page, inFlight);
    expect(await csp.violations()).toEqual([]);
    expect(csp.issues).toEqual([]);
  });

  test('signing in, then the orders and receivables lists and an order', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    const csp = await watchCsp(page);
    const inFlight = requestsInFlight(page);
    await login(page, 'admin');
    await settle(page, inFlight);
    expect(await csp.violations()).toEqual([]);
    for (const [path, heading] of [
      ['/sales-orders', 'Pedidos'],
      ['/receivables', 'Contas a Receber'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settle(page, inFlight);
      expect(await csp.violations(), path).toEqual([]);
    }
    // An order's page (its forms, payments and documents cards).
    await page.goto(`/sales-order/${order.documentId}/details`);
    await expect(page.getByRole('region', { name: 'Documentos' })).toBeVisible();
    await settle(page, inFlight);
    expect(await csp.violations()).toEqual([]);
    expect(csp.issues).toEqual([]);
  });
});
