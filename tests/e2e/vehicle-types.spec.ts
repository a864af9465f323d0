import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';
import type { Page } from '@playwright/test';

/** Opens /vehicle-types filtered by a name (the filter panel writes the URL). */
async function listByName(page: Page, name: string) {
  await page.goto('/vehicle-types');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

test.describe.configure({ timeout: 120_000 });

/** /vehicle-types, /vehicle-type/new, /vehicle-type/{id} (spec 001 §2 "Vehicle types", §5, §7, §8). */
test('an administrator creates, filters, edits and deletes a vehicle type', async ({ page }) => {
  const name = `Tipo E2E ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/vehicle-types');
  await expect(page.getByRole('heading', { name: 'Tipos de Veículo' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo tipo de veículo' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  await page.getByLabel('Nome').fill('x');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório')).toBeVisible();
  await page.getByLabel('Nome').fill('x'.repeat(151));
  await page.getByLabel('Descrição').fill('d'.repeat(501));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome não pode exceder 150 caracteres')).toBeVisible();
  await expect(page.getByText('Descrição não pode exceder 500 caracteres')).toBeVisible();

  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Descrição').fill('Criado pelo teste');
  await page.getByRole('switch', { name: 'Ativo' }).uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Tipo de veículo criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/vehicle-types/);

  // filter: name contains + Ativo 'Não' finds it; Ativo 'Sim' does not
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Ativo' }).selectOption({ label: 'Não' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Não', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ativo' }).selectOption({ label: 'Sim' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  await page.getByRole('combobox', { name: 'Ativo' }).selectOption({ label: 'Todos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(row).toHaveCount(1);

  // edit: activate it and rename
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar tipo de veículo' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await expect(page.getByRole('switch', { name: 'Ativo' })).not.toBeChecked();
  await page.getByLabel('Nome').fill(`${name} editado`);
  await page.getByRole('switch', { name: 'Ativo' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Tipo de veículo atualizado com sucesso')).toBeVisible();

  // the list shows the edit at once
  await listByName(page, name);
  const edited = page.getByRole('row').filter({ hasText: `${name} editado` });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByRole('cell', { name: 'Sim', exact: true })).toBeVisible();

  // a missing record toasts and returns to the list
  await page.goto('/vehicle-type/nao-existe');
  await expect(toastText(page, 'Erro ao carregar tipo de veículo')).toBeVisible();
  await expect(page).toHaveURL(/\/vehicle-types/);

  // delete
  await listByName(page, name);
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Tipo de veículo excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});
