import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y';
import { documentField, login, passwordField } from './helpers';

/**
 * Inputs made for phones: CPF/CNPJ open the numeric keypad with a visible switch to letters (the
 * alphanumeric CNPJ) and back; CEP, phone and money open numeric keypads; pasted text of either kind
 * is accepted. `inputmode` is what a phone reads to pick its keyboard.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the sign-in CPF/CNPJ opens the numeric keypad, switches to letters and back, and takes a pasted alphanumeric CNPJ', async ({ page }) => {
  await page.goto('/login');
  const doc = documentField(page);
  await expect(doc).toHaveAttribute('inputmode', 'numeric');
  // a finger-sized switch (WCAG 2.2 target size, which Lighthouse's accessibility audit checks)
  expect(await axeViolations(page, { run: { runOnly: { type: 'rule', values: ['target-size'] } } })).toEqual([]);
  await page.getByRole('button', { name: 'Teclado com letras' }).click();
  await expect(doc).toHaveAttribute('inputmode', 'text');
  await expect(doc).toBeFocused();
  // pasted (inserted at once, as a paste or an autofill does): the mask keeps the letters
  await page.keyboard.insertText('12ABC34501DE35');
  await expect(doc).toHaveValue('12.ABC.345/01DE-35');
  await page.getByRole('button', { name: 'Teclado numérico' }).click();
  await expect(doc).toHaveAttribute('inputmode', 'numeric');
  await expect(doc).toBeFocused();
  // a pasted punctuated CPF on the numeric keypad signs in
  await doc.fill('');
  await page.keyboard.insertText('529.982.247-25');
  await expect(doc).toHaveValue('529.982.247-25');
  await passwordField(page).fill('Balcao@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a dealership form: CNPJ on the keypad with the letters switch, CEP numeric, phone tel', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/company/new');
  await expect(page.getByRole('heading', { name: 'Nova concessionária' })).toBeVisible();
  const cnpj = page.getByLabel('CNPJ', { exact: true });
  await expect(cnpj).toHaveAttribute('inputmode', 'numeric');
  await page.getByRole('button', { name: 'Teclado com letras' }).click();
  await expect(cnpj).toHaveAttribute('inputmode', 'text');
  await page.keyboard.insertText('12abc34501de35');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  await expect(page.getByLabel('CEP')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('Telefone')).toHaveAttribute('inputmode', 'tel');
});

test('money fields open a numeric keypad', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/receivables/new');
  await expect(page.getByRole('heading', { name: 'Novo recebimento' })).toBeVisible();
  for (const label of ['Valor Nominal', 'Valor Final']) await expect(page.getByLabel(label)).toHaveAttribute('inputmode', 'numeric');
});
