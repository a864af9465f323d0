import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, ROLES, documentField, passwordField } from './helpers';

/** The newest e-mail in the API's outbox sent to `to` (EMAIL_OUTBOX_DIR, set in playwright.config.ts). */
function lastMailTo(to: string): string {
  const dir = process.env.E2E_OUTBOX!;
  const mails = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(to));
  expect(mails.length, `an e-mail to ${to}`).toBeGreaterThan(0);
  return mails.at(-1)!;
}

test('the recovery e-mail link opens /reset-password, which sets the new password (spec 000 §2.3, §3, §7)', async ({ page }) => {
  // The vendedor's password is reset to the same value, so tests running beside this one are unaffected.
  const email = 'vendedor@balcao.local';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperação de Senha' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Email enviado')).toBeVisible();

  await expect.poll(() => /\/reset-password\?code=\w+/.test(lastMailTo(email)), { timeout: 15_000 }).toBe(true);
  const link = new URL(lastMailTo(email).match(/https?:\/\/[^\s"<]+\/reset-password\?code=\w+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();

  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmação da nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('As novas senhas não coincidem.')).toBeVisible();

  await page.getByLabel('Confirmação da nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Senha alterada')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await documentField(page).pressSequentially(ROLES.vendedor.document);
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login sucesso')).toBeVisible();

  // the same code cannot be used twice
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmação da nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('[data-type=error]')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password/);
});

test('/reset-password without a code says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Link de recuperação inválido.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
});
