import { documentField, passwordField } from './helpers';
import { createSeller, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

async function signIn(page: import('@playwright/test').Page, username: string, password: string) {
  await page.goto('/login');
  await documentField(page).pressSequentially(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** /profile (spec 000 §2.8, §5 "Password change", §7, §8): own profile and password. */
test('a user edits their profile and changes their password, then signs in with the new one', async ({ page, request }) => {
  const seller = await createSeller(request);
  await signIn(page, seller.username, seller.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByTestId('profile-avatar')).toHaveText('PE');

  // Perfil: the name changes, and the sidebar footer follows
  await page.getByLabel('Nome').fill('Perfil Editado E2E');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Perfil atualizado')).toBeVisible();
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Perfil Editado E2E');

  // Segurança: a wrong current password is refused, the right one changes it and keeps the session
  await page.getByRole('tab', { name: 'Segurança' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Segurança' });
  await panel.getByLabel('Senha atual').fill('errada99');
  await panel.getByLabel('Nova senha', { exact: true }).fill('novasenha1');
  await panel.getByLabel('Confirmar nova senha').fill('novasenha1');
  await panel.getByRole('button', { name: 'Alterar Senha' }).click();
  await expect(toastText(page, 'Não foi possível alterar a senha. Verifique se a senha atual está correta.')).toBeVisible();
  await panel.getByLabel('Senha atual').fill(seller.password);
  await panel.getByRole('button', { name: 'Alterar Senha' }).click();
  await expect(toastText(page, 'Senha alterada')).toBeVisible();
  await expect(panel.getByLabel('Senha atual')).toHaveValue('');
  await expect(panel.getByLabel('Nova senha', { exact: true })).toHaveValue('');
  // still signed in with the stored new token: a reload keeps the session
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('Perfil Editado E2E');

  // the old password no longer works, the new one does
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, seller.username, seller.password);
  await expect(toastText(page, 'Login falhou')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, seller.username, 'novasenha1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

/** Sessions per device: Sair ends this device's session only; "Sair de todos os dispositivos" ends every one. */
test('Sair on the desktop keeps the phone signed in; Sair de todos os dispositivos ends both', async ({ browser, request }) => {
  const seller = await createSeller(request);
  const desktop = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const [desk, mobile] = [await desktop.newPage(), await phone.newPage()];
  await signIn(desk, seller.username, seller.password);
  await signIn(mobile, seller.username, seller.password);
  await expect(desk.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(mobile.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Sair on the desktop: the phone's next call still answers (its profile loads from the server)
  await desk.getByRole('button', { name: 'Sair' }).click();
  await expect(desk).toHaveURL(/\/login$/);
  const meAnswer = mobile.waitForResponse((r) => r.url().includes('/api/users/me'));
  await mobile.goto('/profile');
  expect((await meAnswer).status()).toBe(200);
  await expect(mobile.getByRole('heading', { name: 'Perfil' })).toBeVisible();

  // the desktop signs in again; then the phone ends every session
  await signIn(desk, seller.username, seller.password);
  await expect(desk.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await mobile.getByRole('tab', { name: 'Segurança' }).click();
  await mobile.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
  const confirm = mobile.getByRole('alertdialog', { name: 'Sair de todos os dispositivos?' });
  await expect(confirm).toContainText('Todas as suas sessões serão encerradas, inclusive esta.');
  const ended = mobile.waitForResponse((r) => r.url().endsWith('/api/auth/logout-all'));
  await confirm.getByRole('button', { name: 'Sair de todos' }).click();
  expect((await ended).status()).toBe(200);
  await expect(mobile).toHaveURL(/\/login$/);

  // the desktop's token is dead too: its next call is refused and it lands on the login page
  const refused = desk.waitForResponse((r) => r.url().includes('/api/users/me'));
  await desk.goto('/profile');
  expect((await refused).status()).toBe(401);
  await expect(desk).toHaveURL(/\/login/);
  await desktop.close();
  await phone.close();
});
