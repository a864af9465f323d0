import { expect, test } from '@playwright/test';
import { PASSWORD, ROLES, documentField, login, menu, passwordField } from './helpers';

/**
 * A 401 after the session started (token expired or revoked) signs out and
 * returns to /login?redirect=<where the user was>; signing in goes back there. (Refusing a
 * redirect to another site is unit-tested: tests/unit/feedback.test.tsx, safeRedirect.)
 */
test('a session that ends under the user returns to /login and, after signing in, back to the list', async ({ page }) => {
  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  // The server no longer accepts the token (what an expired JWT gets): the next request answers 401.
  await page.evaluate(() => localStorage.setItem('token', 'expired.jwt.token'));
  await menu(page).getByRole('link', { name: 'Contas a Receber' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2F(sales-orders|receivables)/);
  const back = new URL(new URL(page.url()).searchParams.get('redirect') ?? '', 'http://x').pathname;
  await documentField(page).pressSequentially(ROLES.admin.document);
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL((url) => url.pathname === back);
});
