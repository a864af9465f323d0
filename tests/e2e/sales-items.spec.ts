import type { Page } from '@playwright/test';
import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

const SUM_MESSAGE = 'A soma dos valores (Despachante + Concessionária + Plataforma) deve ser igual ao preço';

/** Opens /sales-items filtered by a name (the filter panel writes the URL). */
async function listByName(page: Page, name: string) {
  await page.goto('/sales-items');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

/** /sales-items, /sales-item/new, /sales-item/{id} (spec 001 §2 "Sales items", §5, §7, §8). */
test('an administrator creates, filters, edits and deletes a sales item; amounts that do not sum are refused', async ({ page }) => {
  const name = `Item E2E ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/sales-items');
  await expect(page.getByRole('heading', { name: 'Itens para Venda' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo item para venda' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tipo de veículo é obrigatório')).toBeVisible();
  await expect(page.getByText('Estado é obrigatório')).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Tipo de veículo').selectOption({ label: 'Automóvel' });
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'SP - São Paulo' });
  // editing the price moves it to the dispatcher amount
  await page.getByLabel('Preço', { exact: true }).fill('200');
  await expect(page.getByLabel('Valor Despachante')).toHaveValue('200');
  // amounts that do not sum: the summary warns, Salvar is refused on the price
  await page.getByLabel('Valor Concessionária').fill('50');
  await expect(page.getByRole('region', { name: 'Resumo dos valores' }).getByRole('status')).toContainText('difere do preço');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(SUM_MESSAGE)).toBeVisible();
  await page.getByLabel('Valor Despachante').fill('140');
  await page.getByLabel('Valor Plataforma').fill('10');
  await expect(page.getByText(SUM_MESSAGE)).toBeHidden();
  await expect(page.getByRole('region', { name: 'Resumo dos valores' }).getByRole('status')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Imposto estadual' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Item para venda criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/sales-items/);

  // filter: name + Imposto estadual 'Sim' finds it; 'Não' does not
  await listByName(page, name);
  await page.getByRole('combobox', { name: 'Imposto estadual' }).selectOption({ label: 'Sim' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('R$ 200,00');
  await page.getByRole('combobox', { name: 'Imposto estadual' }).selectOption({ label: 'Não' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  await page.getByRole('combobox', { name: 'Imposto estadual' }).selectOption({ label: 'Todos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();

  // edit: a percentage item
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar item para venda' })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Valor Despachante')).toHaveValue('140');
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue(/\d+/);
  await page.getByLabel('Tipo de cobrança').selectOption({ label: 'Percentual' });
  await page.getByLabel('Preço', { exact: true }).fill('2.5');
  await expect(page.getByLabel('Valor Concessionária')).toHaveValue('0');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Item para venda atualizado com sucesso')).toBeVisible();

  await listByName(page, name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2,5%');

  // delete
  await row.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Item para venda excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});
