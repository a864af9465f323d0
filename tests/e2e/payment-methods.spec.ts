import type { Page } from '@playwright/test';
import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** Opens /payment-methods filtered by a name (the filter panel writes the URL). */
async function listByName(page: Page, name: string) {
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

/** The options of the receivable form's 'Meio de Pagamento' select (a lookup of up to 100, cached by the service worker). */
async function receivableMethodOptions(page: Page) {
  await page.goto('/receivables/new');
  const select = page.getByLabel('Meio de Pagamento');
  await expect(select.getByRole('option', { name: 'PIX' })).toHaveCount(1);
  return select.getByRole('option');
}

/** /payment-methods, /payment-method/new, /payment-method/{id} (spec 001 §2 "Payment methods", §5, §7, §8). */
test('an administrator creates, filters, edits and deletes a payment method; the selects see it at once', async ({ page }) => {
  const name = `Meio E2E ${Date.now().toString(36)}`;
  await login(page, 'admin');
  // the receivable form's select loads (and the service worker caches) the payment methods first
  await expect(await receivableMethodOptions(page)).not.toContainText([name]);

  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { name: 'Meios de Pagamento' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'PIX', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo meio de pagamento' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Pagamento online' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  await page.getByLabel('Nome').fill('x'.repeat(101));
  await page.getByLabel('Número máximo de parcelas').fill('-1');
  await page.getByLabel('Taxa de juros (%)').fill('-1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome deve ter no máximo 100 caracteres')).toBeVisible();
  await expect(page.getByText('Número de parcelas não pode ser negativo')).toBeVisible();
  await expect(page.getByText('Taxa de juros não pode ser negativa')).toBeVisible();

  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Número máximo de parcelas').fill('6');
  await page.getByLabel('Taxa de juros (%)').fill('1.99');
  await page.getByRole('switch', { name: 'Pagamento online' }).uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Meio de pagamento criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/payment-methods/);

  // the receivable form's select shows it at once (no stale lookup)
  await expect(await receivableMethodOptions(page)).toContainText([name]);

  // filter: name + Online 'Não' finds it, Online 'Sim' does not
  await listByName(page, name);
  await page.getByRole('combobox', { name: 'Online' }).selectOption({ label: 'Não' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1,99%');
  await page.getByRole('combobox', { name: 'Online' }).selectOption({ label: 'Sim' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  await page.getByRole('combobox', { name: 'Online' }).selectOption({ label: 'Todos' });
  await page.getByRole('combobox', { name: 'Ativo' }).selectOption({ label: 'Sim' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(row).toHaveCount(1);

  // edit
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar meio de pagamento' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await expect(page.getByLabel('Número máximo de parcelas')).toHaveValue('6');
  await expect(page.getByLabel('Taxa de juros (%)')).toHaveValue('1.99');
  await expect(page.getByRole('switch', { name: 'Pagamento online' })).not.toBeChecked();
  await page.getByLabel('Nome').fill(`${name} editado`);
  await page.getByLabel('Taxa de juros (%)').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Meio de pagamento atualizado com sucesso')).toBeVisible();

  await listByName(page, name);
  const edited = page.getByRole('row').filter({ hasText: `${name} editado` });
  await expect(edited).toHaveCount(1);
  await expect(edited).toContainText('0,00%');

  // delete
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Meio de pagamento excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  await expect(await receivableMethodOptions(page)).not.toContainText([`${name} editado`]);
});
