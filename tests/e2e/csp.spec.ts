import type { Page } from '@playwright/test';
import { login } from './helpers';
import { createOrderViaApi, expect, test } from './orders-helpers';

/**
 * The app runs under the production server's Content-Security-Policy without a single
 * violation (issue 13: Lighthouse best practices counts any "Content security policy" entry
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

/**
 * Lets the page load what it loads after the first paint (lazy chunks, the service worker's
 * registration at idle, queries). Network idle is waited for up to 10 s only: a screen that
 * keeps a request open must not fail this test, which is about CSP.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(1_000);
}

test.describe('Content-Security-Policy: no violation reported (issue 13, best practices)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('on /login, signed out', async ({ page }) => {
    const csp = await watchCsp(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await settle(page);
    expect(await csp.violations()).toEqual([]);
    expect(csp.issues).toEqual([]);
  });

  test('signing in, then the orders and receivables lists and an order', async ({ page, request }) => {
    const order = await createOrderViaApi(request);
    const csp = await watchCsp(page);
    await login(page, 'admin');
    await settle(page);
    expect(await csp.violations()).toEqual([]);
    for (const [path, heading] of [
      ['/sales-orders', 'Pedidos'],
      ['/receivables', 'Contas a Receber'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settle(page);
      expect(await csp.violations(), path).toEqual([]);
    }
    // An order's page (its forms, payments and documents cards).
    await page.goto(`/sales-order/${order.documentId}/details`);
    await expect(page.getByRole('region', { name: 'Documentos' })).toBeVisible();
    await settle(page);
    expect(await csp.violations()).toEqual([]);
    expect(csp.issues).toEqual([]);
  });
});
