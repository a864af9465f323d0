import { expect, test } from '@playwright/test';
import { PASSWORD, ROLES, documentField, login, menu, passwordField, type RoleKey } from './helpers';

test.describe('sign in with each seeded role (spec 000 §2.2, §2.3, §4)', () => {
  for (const key of Object.keys(ROLES) as RoleKey[]) {
    const r = ROLES[key];
    test(`${r.role}: welcome toast, home heading and exactly its menu`, async ({ page }) => {
      await page.goto('/login');
      await documentField(page).pressSequentially(r.document);
      await passwordField(page).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByText('Login sucesso')).toBeVisible();
      await expect(page.getByText(`Seja bem-vindo, ${r.name}!`)).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(menu(page).getByRole('link')).toHaveText([...r.menu]);
      await expect(page.getByTestId('sidebar-user-name')).toHaveText(r.name);
      await expect(page.getByTestId('sidebar-role-name')).toHaveText(r.role);
      expect(await page.evaluate(() => ['token', 'user', 'permissions'].every((k) => localStorage.getItem(k)))).toBe(true);
    });
  }
});

test.describe('the CPF/CNPJ field (spec 000 §5)', () => {
  test('is masked as typed and shows every live message; Entrar is disabled while one shows', async ({ page }) => {
    await page.goto('/login');
    const field = documentField(page);
    const entrar = page.getByRole('button', { name: 'Entrar' });
    const cases: Array<[string, string, string | null]> = [
      ['5299', '529.9', 'CPF incompleto'],
      ['52998224724', '529.982.247-24', 'CPF inválido'],
      ['11111111111', '111.111.111-11', 'CPF inválido'],
      ['52998224725', '529.982.247-25', null],
      ['112223330001', '11.222.333/0001', 'CNPJ incompleto'],
      ['1122233300018', '11.222.333/0001-8', 'CNPJ incompleto'],
      ['11222333000180', '11.222.333/0001-80', 'CNPJ inválido'],
      ['11222333000181', '11.222.333/0001-81', null],
      ['12abc34501de35', '12.ABC.345/01DE-35', null],
      ['12abc34501de34', '12.ABC.345/01DE-34', 'CNPJ inválido'],
    ];
    for (const [typed, shown, message] of cases) {
      await field.fill('');
      await field.pressSequentially(typed);
      await expect(field).toHaveValue(shown);
      for (const text of ['CPF incompleto', 'CPF inválido', 'CNPJ incompleto', 'CNPJ inválido', 'Documento inválido']) {
        if (text === message) await expect(page.getByText(text, { exact: true })).toBeVisible();
        else await expect(page.getByText(text, { exact: true })).toHaveCount(0);
      }
      if (message) await expect(entrar).toBeDisabled();
      else await expect(entrar).toBeEnabled();
    }
  });

  test('an empty document gives the error toast on submit', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Erro', { exact: true })).toBeVisible();
    await expect(page.getByText('Por favor, informe um CPF ou CNPJ válido.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill('segredo');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
  });
});

test('a wrong password shows the login failure toast and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await documentField(page).pressSequentially(ROLES.admin.document);
  await passwordField(page).fill('SenhaErrada1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Login falhou')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test.describe("'Esqueceu a senha?' (spec 000 §2.3, §4, §8)", () => {
  test('requires the e-mail, sends it, closes with the success toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperação de Senha' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByText('Por favor, informe seu email para recuperação de senha.')).toBeVisible();
    await dialog.getByLabel('Email').fill('admin@balcao.local');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Email enviado')).toBeVisible();
    await expect(page.getByText('Instruções para recuperação de senha foram enviadas para seu email.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    await expect(page.getByRole('dialog').getByLabel('Email')).toHaveValue('');
  });

  test('a refused request shows the failure toast and clears the field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperação de Senha' });
    await dialog.getByLabel('Email').fill('isto-nao-e-email');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Não foi possível enviar o email de recuperação. Tente novamente.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue('');
    await expect(dialog).toBeVisible();
  });
});

test('an already authenticated visitor of /login goes to /', async ({ page }) => {
  await login(page, 'vendedor');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
