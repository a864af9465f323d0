import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { login } from './helpers';
import { apiToken, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/** /companies, /company/new, /company/{documentId} (spec 001 §2 "Dealerships", §5 "Company form", §7, §8). */
test('an administrator creates, filters, edits (Inativa) and deletes a dealership; masked fields reach the server bare', async ({ page, request }) => {
  const name = `Concessionária E2E ${Date.now().toString(36)}`;
  const cnpj = generateCnpj();
  const wrongCheckDigit = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
  await login(page, 'admin');
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Concessionárias' })).toBeVisible();

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Nova concessionária' })).toBeVisible();
  await page.getByLabel('Nome Fantasia').fill(name);
  await page.getByLabel('Razão Social').fill(`${name} Ltda`);
  await page.getByLabel('CNPJ').pressSequentially(wrongCheckDigit);
  await page.getByLabel('Telefone').pressSequentially('5133334444');
  await expect(page.getByLabel('Telefone')).toHaveValue('(51) 3333-4444');
  await page.getByLabel('CEP').pressSequentially('90010000');
  await expect(page.getByLabel('CEP')).toHaveValue('90010-000');
  await page.getByLabel('Cidade').fill('Porto Alegre');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('CNPJ inválido')).toBeVisible();
  await expect(page.getByText('Estado é obrigatório')).toBeVisible();

  await page.getByLabel('CNPJ').fill('');
  await page.getByLabel('CNPJ').pressSequentially(cnpj);
  await page.getByLabel('Estado').selectOption({ label: 'RS - Rio Grande do Sul' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Empresa criada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/companies/);

  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome Fantasia', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'RS', exact: true })).toBeVisible();

  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar concessionária' })).toBeVisible();
  await expect(page.getByLabel('Telefone')).toHaveValue('(51) 3333-4444');
  await page.getByRole('switch', { name: 'Ativa' }).click();
  await expect(page.getByRole('switch', { name: 'Inativa' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Empresa atualizada com sucesso')).toBeVisible();

  const jwt = await apiToken(request);
  const res = await request.get(`/api/companies?filters[trade_name][$eq]=${encodeURIComponent(name)}&populate[0]=address_state_id`, {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  const [stored] = (await res.json()).data;
  expect(stored).toMatchObject({ cnpj, phone_number: '5133334444', address_postal_code: '90010000', is_active: false, type: 'company' });
  expect(stored.address_state_id.abbreviation).toBe('RS');

  // the active switch (spec 001 §2): 'Apenas empresas ativas' (its position untouched) does not find it;
  // 'Apenas empresas inativas' does
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome Fantasia', { exact: true }).fill(name);
  await expect(page.getByRole('switch', { name: 'Apenas empresas ativas' })).toBeChecked();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
  // the panel stays open after Filtrar
  await page.getByRole('switch', { name: 'Apenas empresas ativas' }).click();
  await expect(page.getByRole('switch', { name: 'Apenas empresas inativas' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Registro removido com sucesso.')).toBeVisible();
  await expect(toastText(page, 'Concessionária excluída')).toBeVisible();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});

test('a company that does not exist: the load failure toast, then back to the list', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/company/naoexiste123');
  await expect(toastText(page, 'Erro ao carregar empresa')).toBeVisible();
  await expect(page).toHaveURL(/\/companies/);
});

test('a dealership registered with an alphanumeric CNPJ (Receita Federal, 2026): masked and stored upper-cased', async ({ page, request }) => {
  const name = `Concessionária Alfa ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/company/new');
  await page.getByLabel('Nome Fantasia').fill(name);
  await page.getByLabel('CNPJ').pressSequentially('12abc34501de35');
  await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
  await page.getByLabel('Estado').selectOption({ label: 'SP - São Paulo' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Empresa criada com sucesso')).toBeVisible();
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome Fantasia', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: '12.ABC.345/01DE-35', exact: true })).toBeVisible();

  const jwt = await apiToken(request);
  const res = await request.get(`/api/companies?filters[trade_name][$eq]=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${jwt}` } });
  const [stored] = (await res.json()).data;
  expect(stored.cnpj).toBe('12ABC34501DE35');
  await request.delete(`/api/companies/${stored.documentId}`, { headers: { Authorization: `Bearer ${jwt}` } });
});
