import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { login } from './helpers';
import { expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 150_000 });

/**
 * /users, /user/new, /user/{id} (spec 000 §2.4–2.6, §5 "User form", §7, §8) against the real server:
 * an administrator creates a user, blocks and unblocks him from the list switch, edits him and
 * deletes him; every toast's text is checked.
 */
test('an administrator creates, blocks, unblocks, edits and deletes a user', async ({ page }) => {
  const cpf = generateCpf();
  const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const name = `Usuário E2E ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '529.982.247-25' })).toBeVisible(); // the seeded administrator, formatted

  // --- create: the validation messages and toast first
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo usuário' })).toBeVisible();
  await expect(page.getByLabel('Tipo')).toHaveValue('salesman');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const invalid = toastText(page, 'Erro de Validação');
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('Permissão: Permissão é obrigatória');
  await expect(invalid).toContainText('Estado: Estado é obrigatório');
  await expect(page.getByText('Nome completo é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir', { exact: true })).toBeVisible();
  await invalid.getByRole('button', { name: 'Fechar' }).click(); // it sits over Salvar (bottom right)
  await expect(invalid).toHaveCount(0);

  await page.getByLabel('CPF/CNPJ').pressSequentially(cpf);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(formatted);
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(`e2e${cpf}@teste.local`);
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByLabel('Permissão').selectOption({ label: 'Vendedor' });
  const dealership = page.getByLabel('Concessionária');
  await expect(dealership.locator('option')).not.toHaveCount(1);
  await dealership.selectOption({ index: 1 });
  const dealershipName = (await dealership.locator('option:checked').textContent()) ?? '';
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'São Paulo' });
  await page.getByLabel('Data de nascimento').fill('1990-05-17');
  await page.getByLabel('Senha', { exact: true }).fill('segredo1');
  await page.getByLabel('Confirmar senha').fill('segredo1');
  await expect(page.getByRole('switch', { name: 'Usuário Ativo' })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Usuário criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/users/);

  // --- the newest first; the search box narrows the page to him
  await page.goto('/users?sort=id%3Adesc');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: formatted })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'São Paulo' })).toBeVisible();

  // --- block from the list switch
  await row.getByRole('switch', { name: 'Ativo' }).click();
  await expect(toastText(page, 'Status updated').filter({ hasText: 'User status updated successfully.' })).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Bloqueado' })).not.toBeChecked();

  // the server keeps it: the 'bloqueados' filter finds him
  await page.getByRole('button', { name: /Filtros de busca/ }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(formatted);
  await page.getByRole('switch', { name: 'Apenas usuários ativos' }).click();
  await expect(page.getByRole('switch', { name: 'Apenas usuários bloqueados' })).toBeChecked();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/blocked/);
  const blockedRow = page.getByRole('row').filter({ hasText: name });
  await expect(blockedRow).toHaveCount(1);

  // --- unblock: he leaves the blocked-only list. The block's toast (5 s) has left first, so the toast counted next is
  // the unblock's own (asserting both at once failed on a loaded CI machine, where the steps above outlast 5 s)
  await expect(toastText(page, 'User status updated successfully.')).toHaveCount(0, { timeout: 15_000 });
  await blockedRow.getByRole('switch', { name: 'Bloqueado' }).click();
  await expect(toastText(page, 'User status updated successfully.')).toHaveCount(1);
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  await page.getByRole('switch', { name: 'Apenas usuários bloqueados' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const activeRow = page.getByRole('row').filter({ hasText: name });
  await expect(activeRow.getByRole('switch', { name: 'Ativo' })).toBeChecked();

  // --- edit
  await activeRow.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar usuário' })).toBeVisible();
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(formatted);
  await expect(page.getByLabel('Nome completo')).toHaveValue(name);
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('1990-05-17');
  await expect(page.getByLabel('Concessionária').locator('option:checked')).toHaveText(dealershipName);
  await expect(page.getByLabel('Senha', { exact: true })).toHaveCount(0); // password only on create
  await page.getByLabel('Nome completo').fill(`${name} editado`);
  await page.getByLabel('Data de nascimento').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Usuário atualizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/users/);

  // --- delete
  await page.goto('/users?sort=id%3Adesc');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`${name} editado`);
  const edited = page.getByRole('row').filter({ hasText: `${name} editado` });
  await expect(edited).toHaveCount(1);
  await edited.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'User deleted').filter({ hasText: 'User has been deleted successfully.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

/** Under 768 px (spec 000 §2.4, §9): cards of the first 4 columns, with the status switch among the row actions. */
test('on a phone the users are cards of the first 4 columns with the status switch', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await login(page, 'admin');
  await page.goto('/users?sort=id%3Aasc');
  const card = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem').filter({ hasText: '529.982.247-25' });
  await expect(card).toHaveCount(1);
  await expect(card.locator('dt')).toHaveText(['ID', 'CPF/CNPJ', 'Nome completo', 'Email']);
  await expect(card.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  await expect(card.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);
});
