import type { Page } from '@playwright/test';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { login } from './helpers';
import { apiToken, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 180_000 });

/** /despachantes and the dispatcher screens (spec 001 §2 "Dispatchers", §5, §7 "Dispatchers"/"Agreements", §8 "Dispatcher links"). */
const linked = (page: Page) => page.getByRole('list', { name: 'Concessionárias vinculadas' }).getByRole('listitem');

async function link(page: Page, search: string, dealership: string, incentives: [string, string]) {
  await page.getByRole('button', { name: 'Gerenciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerenciar Concessionárias' });
  await dialog.getByText('Selecione a concessionária...').click();
  const input = page.getByPlaceholder('Buscar concessionária...');
  await input.fill('zzzz');
  await expect(page.getByText('Nenhuma concessionária encontrada.')).toBeVisible();
  await input.fill(search);
  await page.getByRole('option', { name: dealership }).click();
  await expect(dialog.locator('[data-scope="combobox"][data-part="trigger"]')).toContainText(dealership);
  await dialog.getByLabel('Incentivo Despachante (%)').fill(incentives[0]);
  await dialog.getByLabel('Incentivo Concessionária (%)').fill(incentives[1]);
  await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toastText(page, 'Vínculos salvos com sucesso!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an administrator creates a dispatcher, links two dealerships, edits one incentive inline, removes one link; a reload shows exactly that', async ({
  page,
  request,
}) => {
  const name = `Despachante E2E ${Date.now().toString(36)}`;
  const cnpj = generateCnpj();
  await login(page, 'admin');
  await page.goto('/despachantes');
  await expect(page.getByRole('heading', { name: 'Despachantes' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Despachante Paulista' })).toHaveCount(1);
  await expect(page.getByText('Visualizando todos os despachantes')).toBeVisible();
  await page.getByLabel('Buscar despachante').fill('carioca');
  await expect(page.getByRole('row').filter({ hasText: 'Despachante' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Despachante Carioca' })).toHaveCount(1);
  await page.getByLabel('Buscar despachante').fill('');
  await page.getByLabel('Razão Social').fill('nao existe nenhum');
  await expect(page.getByText('Nenhum despachante encontrado.')).toBeVisible();
  await page.getByLabel('Razão Social').fill('');

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo despachante' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome fantasia é obrigatório')).toBeVisible();
  await expect(page.getByText('CNPJ é obrigatório')).toBeVisible();
  await page.getByLabel('Nome Fantasia').fill(name);
  await page.getByLabel('CNPJ').pressSequentially(cnpj);
  await page.getByLabel('Estado').selectOption({ label: 'SP - São Paulo' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Despachante criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/despachantes/);

  // the same CNPJ again is refused before anything is created
  await page.goto('/despachante/new');
  await page.getByLabel('Nome Fantasia').fill(`${name} (duplicado)`);
  await page.getByLabel('CNPJ').pressSequentially(cnpj);
  await page.getByLabel('Estado').selectOption({ label: 'SP - São Paulo' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Já existe uma empresa com este CNPJ.')).toBeVisible();

  await page.goto('/despachantes');
  await page.getByLabel('CNPJ').fill(cnpj.slice(0, 8));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Visualizar' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dados cadastrais' })).toContainText(cnpj.slice(0, 2));
  await expect(page.getByText('Nenhuma concessionária vinculada.')).toBeVisible();

  await page.getByRole('button', { name: 'Gerenciar' }).click();
  await page.getByRole('dialog', { name: 'Gerenciar Concessionárias' }).getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toastText(page, 'Selecione uma concessionária para vincular!')).toBeVisible();
  await page.getByRole('dialog', { name: 'Gerenciar Concessionárias' }).getByRole('button', { name: 'Cancelar' }).click();

  await link(page, 'rio', 'Rio Motors', ['10', '5']);
  await link(page, 'minas', 'Minas Auto Center', ['7.5', '2']);
  await expect(linked(page)).toHaveCount(2);
  const rio = linked(page).filter({ hasText: 'Rio Motors' });
  await expect(rio).toContainText('Incentivo despachante: 10% · Incentivo concessionária: 5%');

  await rio.getByRole('button', { name: 'Editar incentivos de Rio Motors' }).click();
  await rio.getByLabel('Incentivo Despachante (%)').fill('12.25');
  await rio.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Incentivos atualizados com sucesso!')).toBeVisible();
  await expect(rio).toContainText('Incentivo despachante: 12,25% · Incentivo concessionária: 5%');
  await expect(rio.getByRole('button', { name: 'Salvar' })).toHaveCount(0);

  await linked(page).filter({ hasText: 'Minas Auto Center' }).getByRole('button', { name: 'Remover Minas Auto Center' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Vínculo removido com sucesso!')).toBeVisible();

  await page.reload();
  await expect(linked(page)).toHaveCount(1);
  await expect(linked(page).first()).toContainText('Rio Motors');
  await expect(linked(page).first()).toContainText('Incentivo despachante: 12,25% · Incentivo concessionária: 5%');

  // the server holds exactly that agreement
  const jwt = await apiToken(request);
  const res = await request.get(`/api/companies?filters[cnpj][$eq]=${cnpj}&populate[0]=user_id`, { headers: { Authorization: `Bearer ${jwt}` } });
  const [dispatcher] = (await res.json()).data;
  expect(dispatcher.type).toBe('dispatcher');
  const agreements = await request.get(`/api/company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]=${dispatcher.user_id.id}`, {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  const rows = (await agreements.json()).data as Array<{ dispatcher_profit_percentage: number | string; company_profit_percentage: number | string }>;
  expect(rows.map((a) => [Number(a.dispatcher_profit_percentage), Number(a.company_profit_percentage)])).toEqual([[12.25, 5]]);

  // section 8: an update answered 404 (the agreement was removed elsewhere) looks the pair up, finds none, creates it
  const [gone] = (await agreements.json()).data as [{ documentId: string }];
  expect((await request.delete(`/api/company-agreements/${gone.documentId}`, { headers: { Authorization: `Bearer ${jwt}` } })).ok()).toBe(true);
  const stale = linked(page).first();
  await stale.getByRole('button', { name: 'Editar incentivos de Rio Motors' }).click();
  await stale.getByLabel('Incentivo Concessionária (%)').fill('6');
  await stale.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Incentivos criados com sucesso!')).toBeVisible();
  await expect(linked(page).first()).toContainText('Incentivo despachante: 12,25% · Incentivo concessionária: 6%');

  // 375 px: the details page and its dialog fit the phone
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(linked(page)).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Gerenciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerenciar Concessionárias' });
  await expect(dialog.getByRole('button', { name: 'Salvar Alterações' })).toBeInViewport();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
});

test('the dispatcher form and details say what is wrong: unknown id, and a dealership opened as a dispatcher', async ({ page, request }) => {
  await login(page, 'admin');
  await page.goto('/despachante/naoexiste123');
  await expect(toastText(page, 'Despachante com ID naoexiste123 não encontrado')).toBeVisible();
  await expect(page).toHaveURL(/\/despachantes/);
  await page.goto('/despachante/naoexiste123/details');
  await expect(page.getByText('Despachante não encontrado.')).toBeVisible();

  const jwt = await apiToken(request);
  const res = await request.get('/api/companies?filters[type][$eq]=company&pagination[pageSize]=1', { headers: { Authorization: `Bearer ${jwt}` } });
  const [dealership] = (await res.json()).data;
  await page.goto(`/despachante/${dealership.documentId}/details`);
  await expect(page.getByText('Registro encontrado não é um despachante.')).toBeVisible();
});

test('an administrator edits a dispatcher in its form and deletes it from the details page', async ({ page, request }) => {
  const name = `Despachante Editar ${Date.now().toString(36)}`;
  const jwt = await apiToken(request);
  const headers = { Authorization: `Bearer ${jwt}` };
  const states = await request.get('/api/states?filters[abbreviation][$eq]=RJ', { headers });
  const [rj] = (await states.json()).data as [{ id: number }];
  const created = await request.post('/api/companies/createDispatcher', {
    headers,
    data: { data: { trade_name: name, cnpj: generateCnpj(), address_state_id: { connect: [rj.id] } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { documentId } = (await created.json()).data as { documentId: string };

  await login(page, 'admin');
  await page.goto(`/despachante/${documentId}/details`);
  await page.getByRole('region', { name: 'Dados cadastrais' }).getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { name: 'Editar despachante' })).toBeVisible();
  await expect(page.getByLabel('Nome Fantasia')).toHaveValue(name);
  await expect(page.getByLabel('Estado')).toHaveValue(String(rj.id));
  await page.getByLabel('Nome Fantasia').fill(`${name} (editado)`);
  await page.getByLabel('Telefone').pressSequentially('2133334444');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Despachante atualizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/despachantes/);
  await page.getByLabel('Nome fantasia').fill('(editado)');
  const row = page.getByRole('row').filter({ hasText: `${name} (editado)` });
  await expect(row).toHaveCount(1);

  await row.getByRole('link', { name: 'Visualizar' }).click();
  await expect(page.getByRole('heading', { name: `${name} (editado)`, exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Dados cadastrais' }).getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, 'Registro removido com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/despachantes/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await request.get(`/api/companies/${documentId}`, { headers })).status()).toBe(404);
});
