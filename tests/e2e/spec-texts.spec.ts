import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { login } from './helpers';
import { photoJpeg } from './fixtures/files';
import { apiToken, card, createOrderViaApi, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/**
 * The spec's texts and rules where the app once differed (docs/decisions.md records each choice):
 * save fallbacks, the order document's delete toast, the home's permission, the dealership
 * switch (companies.spec.ts), the receivables' page sizes, the dispatcher's existence checks and
 * state, the role type, and the dealership list's failure text.
 */

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

/**
 * A gateway answering 502 with an HTML page (no Strapi error message) to the writes of `url`:
 * the failure the spec's fallback texts are for. The test server has no gateway in front of it.
 */
async function gatewayFailsWrites(page: Page, url: string) {
  await page.route(url, (route: Route) =>
    ['POST', 'PUT'].includes(route.request().method())
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' })
      : route.continue(),
  );
}

test("a save the server answers without a message falls back to the spec's service texts (orders, dealerships, receivables)", async ({ page, request }) => {
  const order = await createOrderViaApi(request);
  const headers = await adminHeaders(request);
  const company = (await (await request.get('/api/companies?filters[type][$eq]=company&pagination[pageSize]=1', { headers })).json()).data[0] as {
    documentId: string;
  };
  await login(page, 'admin');
  await gatewayFailsWrites(page, '**/api/sales-orders**');
  await gatewayFailsWrites(page, '**/api/companies**');

  await page.goto('/sales-order/new');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Erro ao criar pedido')).toBeVisible();

  await page.goto(`/sales-order/${order.documentId}`);
  await expect(page.getByRole('heading', { name: 'Editar pedido' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Erro ao atualizar pedido')).toBeVisible();

  await page.goto('/company/new');
  await page.getByLabel('Nome Fantasia').fill('Concessionária Sem Resposta');
  await page.getByLabel('CNPJ').pressSequentially(generateCnpj());
  await page.getByLabel('Estado').selectOption({ label: 'SP - São Paulo' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Erro ao criar empresa')).toBeVisible();

  await page.goto(`/company/${company.documentId}`);
  await expect(page.getByRole('heading', { name: 'Editar concessionária' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Erro ao atualizar empresa')).toBeVisible();

  // receivables are among "the other records" of the same rule
  const receivable = (await (await request.get('/api/receivables?pagination[pageSize]=1', { headers })).json()).data[0] as { documentId: string };
  await gatewayFailsWrites(page, '**/api/receivables**');
  await page.goto(`/receivables/${receivable.documentId}`);
  await expect(page.getByRole('heading', { name: 'Editar recebimento' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Erro ao atualizar recebimento')).toBeVisible();
  await expect(toastText(page, /Não foi possível/)).toHaveCount(0);
});

test("an order document already gone: the 'Erro ao excluir' toast with 'Documento não encontrado'", async ({ page, request }) => {
  const order = await createOrderViaApi(request);
  await login(page, 'admin');
  await page.goto(`/sales-order/${order.documentId}/documentos`);
  const docs = card(page, 'Documentos');
  // the order's documents read again after the upload was delivered (holding it): from then on the screen shows it until asked
  const refreshed = page.waitForResponse(async (res) => {
    if (res.request().method() !== 'GET' || !new URL(res.url()).pathname.endsWith('/api/sales-order-documents') || !res.ok()) return false;
    return ((await res.json()) as { data: unknown[] }).data.length === 1;
  });
  await docs.getByRole('listitem').filter({ hasText: 'CNH' }).locator('input[type=file]').setInputFiles(photoJpeg());
  const sent = docs.getByRole('list', { name: 'Documentos enviados' });
  await expect(sent.getByRole('listitem')).toHaveCount(1);
  await refreshed;

  // once the upload reached the server, someone else deletes it
  const headers = await adminHeaders(request);
  const stored = async () =>
    (await (await request.get(`/api/sales-order-documents?filters[sales_order][id][$eq]=${order.id}`, { headers })).json()).data as { documentId: string }[];
  await expect.poll(async () => (await stored()).length).toBe(1);
  const [doc] = await stored();
  expect((await request.delete(`/api/sales-order-documents/${doc!.documentId}`, { headers })).status()).toBe(204);

  page.once('dialog', (d) => void d.accept());
  await sent.getByRole('button', { name: 'Excluir CNH' }).click();
  const failure = toastText(page, 'Erro ao excluir');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Documento não encontrado');
});

test('the home needs user me: a session whose tree lacks it is sent to /login, which stays', async ({ page }) => {
  await login(page, 'vendedor');
  // the tree the session holds, without user me (the server cannot be asked: users/me does not answer)
  await page.evaluate(() => {
    const tree = JSON.parse(localStorage.getItem('permissions') ?? '{}');
    tree['plugin::users-permissions'].controllers.user.me.enabled = false;
    localStorage.setItem('permissions', JSON.stringify(tree));
  });
  await page.route('**/api/users/me**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('Contas a Receber: page sizes 5, 10, 20, 25 (the default) and 50', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/receivables');
  const size = page.getByLabel('Visualizações por página');
  await expect(size).toHaveValue('25');
  await expect(size.locator('option')).toHaveText(['5', '10', '20', '25', '50']);
  await size.selectOption('5');
  await expect(page).toHaveURL(/pageSize=5/);
  await expect(page.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(5);
  await expect(page.getByText(/^1-5 de \d+ itens$/)).toBeVisible();
});

test('a new dispatcher: existence checks by username and e-mail through GET /companies; the state as a connect by id', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const sp = (await (await request.get('/api/states?filters[abbreviation][$eq]=SP', { headers })).json()).data[0] as { id: number };
  // a dealership whose login's username is a CNPJ that no company has as its own
  const loginCnpj = generateCnpj();
  const user = await request.post('/api/users', {
    headers,
    data: { data: { username: loginCnpj, email: `login${loginCnpj}@teste.local`, name: 'Login de Loja', password: 'segredo1', type: 'company' } },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  const takenEmail = `loja${Date.now().toString(36)}@teste.local`;
  const dealership = await request.post('/api/companies', {
    headers,
    data: { data: { trade_name: 'Loja do Login', cnpj: generateCnpj(), email: takenEmail, address_state_id: sp.id, user_id: (await user.json()).id } },
  });
  expect(dealership.ok(), await dealership.text()).toBeTruthy();

  await login(page, 'admin');
  await page.goto('/despachante/new');
  await page.getByLabel('Nome Fantasia').fill('Despachante Checado');
  await page.getByLabel('CNPJ').pressSequentially(loginCnpj);
  await page.getByLabel('Estado').selectOption({ label: 'SP - São Paulo' });
  const usernameCheck = page.waitForRequest((r) => decodeURIComponent(r.url()).includes(`filters[user_id][username][$eq]=${loginCnpj}`));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await usernameCheck;
  await expect(toastText(page, 'Já existe um usuário com este CNPJ.')).toBeVisible();

  const cnpj = generateCnpj();
  await page.getByLabel('CNPJ').fill('');
  await page.getByLabel('CNPJ').pressSequentially(cnpj);
  await page.getByLabel('E-mail').fill(takenEmail);
  const emailCheck = page.waitForRequest((r) => decodeURIComponent(r.url()).includes(`filters[email][$eqi]=${takenEmail}`));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await emailCheck;
  await expect(toastText(page, 'Já existe uma empresa com este e-mail.')).toBeVisible();

  await page.getByLabel('E-mail').fill(`novo${takenEmail}`);
  const create = page.waitForRequest((r) => r.url().endsWith('/api/companies/createDispatcher') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await create).postDataJSON().data.address_state_id).toEqual({ connect: [{ id: sp.id }] });
  await expect(toastText(page, 'Despachante criado com sucesso')).toBeVisible();
  const stored = await request.get(`/api/companies?filters[cnpj][$eq]=${cnpj}&populate[0]=address_state_id`, { headers });
  expect((await stored.json()).data[0].address_state_id.id).toBe(sp.id);
});

test('the role type follows the lower-cased name on /role/new only; on /role/{id} it is read-only and kept', async ({ page, request }) => {
  const name = `Tipo Segue ${Date.now().toString(36)}`;
  await login(page, 'admin');
  await page.goto('/role/new');
  await page.getByLabel('Nome').pressSequentially(name);
  await expect(page.getByLabel('Tipo')).toHaveValue(name.toLowerCase());
  await page.getByLabel('Descrição').fill('Papel do teste de tipo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Papel criado com sucesso')).toBeVisible();

  const headers = await adminHeaders(request);
  const roles = (await (await request.get('/api/users-permissions/roles', { headers })).json()).roles as { id: number; name: string; type: string }[];
  const role = roles.find((r) => r.name === name)!;
  await page.goto(`/role/${role.id}`);
  await expect(page.getByRole('heading', { name: 'Editar papel' })).toBeVisible();
  const type = page.getByLabel('Tipo');
  await expect(type).toHaveValue(role.type);
  await expect(type).toBeDisabled();
  await page.getByLabel('Nome').fill(`${name} Renomeado`);
  await expect(type).toHaveValue(role.type);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Papel atualizado com sucesso')).toBeVisible();
  const after = (await (await request.get(`/api/users-permissions/roles/${role.id}`, { headers })).json()).role as { name: string; type: string };
  expect(after).toMatchObject({ name: `${name} Renomeado`, type: role.type });
});

test("Concessionárias: a failed list says 'Erro ao carregar as concessionárias: {message}'", async ({ page }) => {
  await login(page, 'admin');
  // an id that is not a number: the server refuses the query with its own message
  await page.goto(`/companies?filters=${encodeURIComponent(JSON.stringify({ id: 'abc' }))}`);
  await expect(toastText(page, /Erro ao carregar as concessionárias: \S/)).toBeVisible();
  await expect(toastText(page, /os concessionárias/)).toHaveCount(0);
});
