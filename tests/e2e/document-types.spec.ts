import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** /document-type, /document-type/new, /document-type/{id} (spec 000 §2.10, §5 "Document type form", §8). */
test('an administrator creates, edits and deletes a document type', async ({ page }) => {
  const name = `Documento E2E ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/document-type');
  await expect(page.getByRole('heading', { name: 'Tipos de Documento' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/document-type\/new$/);
  const dialog = page.getByRole('dialog', { name: 'Novo Tipo de Documento' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await expect(dialog.getByLabel('Despachante').locator('option')).not.toHaveCount(1);
  await dialog.getByLabel('Despachante').selectOption({ index: 1 });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Concessionária').selectOption({ index: 1 });
  await expect(save).toBeEnabled();
  const dispatcher = (await dialog.getByLabel('Despachante').locator('option:checked').textContent()) ?? '';
  await dialog.getByLabel('Nome').fill(name);
  await save.click();
  await expect(toastText(page, 'Tipo de documento criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/document-type$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: dispatcher, exact: true })).toBeVisible();

  // edit from the row: the same modal at /document-type/{documentId}
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/document-type\/[a-z0-9]+$/);
  const edit = page.getByRole('dialog', { name: 'Editar Tipo de Documento' });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByLabel('Nome').fill(`${name} (editado)`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Tipo de documento atualizado com sucesso')).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: `${name} (editado)` });
  await expect(edited).toHaveCount(1);

  // the route opens the modal too
  await edited.getByRole('button', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/document-type\/[a-z0-9]+$/);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Editar Tipo de Documento' }).getByLabel('Nome')).toHaveValue(`${name} (editado)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/document-type$/);

  // delete after the browser's confirmation
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await expect(toastText(page, 'Tipo de documento excluído com sucesso')).toBeVisible();
  expect(asked).toContain(`${name} (editado)`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
