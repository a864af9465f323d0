import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from '@playwright/test';
import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** Opens /customers and filters by one field label (the filter panel writes the URL). */
async function listBy(page: Page, label: string, value: string) {
  await page.goto('/customers');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

/** /customers, /customer/new, /customer/{id} (spec 001 §2 "Customers", §5 "Customer", §7, §8). */
test('an administrator creates, filters, edits and deletes a customer', async ({ page }) => {
  const name = `Cliente E2E ${Date.now().toString(36)}`;
  const cpf = generateCpf();
  const wrong = `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`;
  await login(page, 'admin');
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo cliente' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório')).toBeVisible();
  await expect(page.getByText('CPF/CNPJ é obrigatório')).toBeVisible();

  // the document is masked as typed; a wrong check digit is refused when the field is left
  const doc = page.getByLabel('CPF/CNPJ');
  await doc.pressSequentially(wrong);
  await expect(doc).toHaveValue(formatCpf(wrong));
  await page.getByLabel('Nome').click();
  await expect(page.getByText('CPF inválido')).toBeVisible();
  await doc.press('End');
  await doc.press('Backspace');
  await doc.pressSequentially(cpf.slice(-1));
  await expect(doc).toHaveValue(formatCpf(cpf));
  await page.getByLabel('Nome').fill(name);
  await expect(page.getByText('CPF inválido')).toBeHidden();
  await page.getByLabel('Email').fill('cliente@');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await page.getByLabel('Email').fill('cliente.e2e@exemplo.com');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Cliente criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/customers/);

  // the same document again is refused by the server
  await page.goto('/customer/new');
  await page.getByLabel('Nome').fill('Outro cliente');
  await page.getByLabel('CPF/CNPJ').pressSequentially(cpf);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'CPF/CNPJ já cadastrado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Novo cliente' })).toBeVisible();

  // filter by the formatted document (stored bare), then edit
  await listBy(page, 'CPF/CNPJ', formatCpf(cpf).slice(0, 7));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: formatCpf(cpf), exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar cliente' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(name);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(formatCpf(cpf));
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Nome').fill(`${name} editado`);
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Cliente atualizado com sucesso')).toBeVisible();

  await listBy(page, 'Nome', name);
  const edited = page.getByRole('row').filter({ hasText: `${name} editado` });
  await expect(edited).toHaveCount(1);
  await expect(edited).not.toContainText('cliente.e2e@exemplo.com');

  // a missing record toasts and returns to the list
  await page.goto('/customer/nao-existe');
  await expect(toastText(page, 'Erro ao carregar cliente')).toBeVisible();
  await expect(page).toHaveURL(/\/customers/);

  // delete
  await listBy(page, 'Nome', name);
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Cliente excluído com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});
