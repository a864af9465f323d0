import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** /states, /state/new, /state/{id} (spec 000 §2.4, §2.5, §2.9, §5 "State form", §8). */
test('an administrator creates, edits and deletes a state', async ({ page }) => {
  const name = `Estado E2E ${Date.now().toString(36)}`;
  // a free two-letter code: the seed has the 27 UFs
  const abbreviation = `Q${String.fromCharCode(65 + (Date.now() % 26))}`.toLowerCase();
  await login(page, 'admin');
  await page.goto('/states');
  await expect(page.getByRole('heading', { name: 'Estados' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Acre', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo estado' })).toBeVisible();
  await page.getByLabel('Sigla').fill('x');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
  await expect(page.getByText('A sigla deve ter exatamente 2 caracteres')).toBeVisible();

  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Sigla').fill(abbreviation);
  await expect(page.getByLabel('Sigla')).toHaveValue(abbreviation.toUpperCase());
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/states/);

  // filter by name (server side), then edit
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: abbreviation.toUpperCase(), exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar estado' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await page.getByLabel('Nome').fill(`${name} (editado)`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Estado atualizado com sucesso')).toBeVisible();

  // a duplicate abbreviation is refused by the server with the spec's failure title
  await page.goto('/state/new');
  await page.getByLabel('Nome').fill('Duplicado');
  await page.getByLabel('Sigla').fill('sp');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo estado' })).toBeVisible();
  await expect(toastText(page, 'Já existe um estado com a sigla SP.')).toBeVisible();

  // delete
  await page.goto('/states');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const edited = page.getByRole('row').filter({ hasText: `${name} (editado)` });
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Estado excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});
