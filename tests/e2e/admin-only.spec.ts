import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { documentField, passwordField } from './helpers';
import { apiToken, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 120_000 });

/**
 * Actions the server reserves to administrators although the role holds the permission
 * (docs/decisions.md "Actions reserved to administrators"): the users' status switch, the
 * profile's active switch, a company's and a dispatcher's Excluir. The visitor is a user whose
 * role holds every one of those actions: an administrator by type when the screen loads, then
 * demoted by the real administrator (a session gone stale), so the call is refused by the server
 * and its message is the toast; after a reload the control is disabled with that reason.
 */

const on = { enabled: true };
const PASSWORD = 'segredo1';

async function admin(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

/**
 * A role holding the actions but not the administrator's type, and a user of it who is an
 * administrator by type: a new one, or the login `login` made over (a dispatcher's, which only it
 * and administrators may see once demoted).
 */
async function managerWithActions(request: APIRequestContext, login?: { id: number; username: string }) {
  const headers = await admin(request);
  const name = `Gestor E2E ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const tree = {
    'plugin::users-permissions': {
      controllers: {
        user: { me: on, find: on, findOne: on, update: on },
        role: { find: on, findOne: on },
        permissions: { getPermissions: on },
      },
    },
    'api::company': { controllers: { company: { find: on, findOne: on, create: on, update: on, delete: on, deleteDispatcher: on } } },
    'api::company-agreement': { controllers: { 'company-agreement': { find: on, findOne: on } } },
    'api::state': { controllers: { state: { find: on, findOne: on } } },
  };
  const created = await request.post('/api/users-permissions/roles', {
    headers,
    data: { name, description: 'Ações sem ser administrador', permissions: tree, users: [] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const roles = (await (await request.get('/api/users-permissions/roles', { headers })).json()).roles as { id: number; name: string }[];
  const role = roles.find((r) => r.name === name);
  expect(role).toBeTruthy();
  const grant = { password: PASSWORD, role: { connect: [{ id: role!.id }] }, type: 'admin' };
  let username: string;
  let id: number;
  if (login) {
    ({ id, username } = login);
    const res = await request.put(`/api/users/${id}`, { headers, data: grant });
    expect(res.ok(), await res.text()).toBeTruthy();
  } else {
    username = generateCpf();
    const user = await request.post('/api/users', {
      headers,
      data: { data: { username, email: `gestor${username}@teste.local`, name: 'Gestor Teste E2E', ...grant } },
    });
    expect(user.ok(), await user.text()).toBeTruthy();
    id = (await user.json()).id as number;
  }
  return {
    username,
    id,
    /** The administrator takes the administrator's type away (salesman, or `type`): the role keeps every action. */
    demote: async (type = 'salesman') => {
      const res = await request.put(`/api/users/${id}`, { headers, data: { type } });
      expect(res.ok(), await res.text()).toBeTruthy();
    },
  };
}

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await documentField(page).pressSequentially(username);
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Opens `path` and waits for the session's revalidation (a reload reads users/me again shortly
 * after the first paint), so the screen holds the user as it was before the demotion.
 */
async function visit(page: Page, path: string) {
  const me = page.waitForResponse((r) => r.url().includes('/api/users/me'));
  await page.goto(path);
  await me;
}

async function expectRefusedControl(control: Locator, reason: string) {
  await expect(control).toHaveAccessibleDescription(reason);
  await expect(control).toBeDisabled();
}

test("Concessionárias: a refused delete shows the server's reason; then Excluir is disabled with it", async ({ page, request }) => {
  const reason = 'Apenas administradores podem excluir empresas.';
  const headers = await admin(request);
  const sp = (await (await request.get('/api/states?filters[abbreviation][$eq]=SP', { headers })).json()).data[0] as { id: number };
  const name = `Concessionária Recusa ${Date.now().toString(36)}`;
  const company = await request.post('/api/companies', { headers, data: { data: { trade_name: name, cnpj: generateCnpj(), address_state_id: sp.id } } });
  expect(company.ok(), await company.text()).toBeTruthy();
  const manager = await managerWithActions(request);

  await signIn(page, manager.username);
  await visit(page, '/companies');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Nome Fantasia', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  const excluir = row.getByRole('button', { name: 'Excluir' });
  await expect(excluir).toBeEnabled();

  await manager.demote();
  await excluir.click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, reason)).toBeVisible();
  await expect(toastText(page, 'Não foi possível excluir a concessionária.')).toHaveCount(0);
  await expect(row).toHaveCount(1);

  // the session follows the server: Excluir stays, disabled, with the reason as description and tooltip
  await page.reload();
  await expectRefusedControl(excluir, reason);
  await expect(excluir).toHaveAttribute('title', reason);
});

test("Usuários: a refused status switch shows the server's reason; then the switches are disabled with it", async ({ page, request }) => {
  const reason = 'Apenas administradores podem bloquear ou desbloquear usuários.';
  const manager = await managerWithActions(request);
  await signIn(page, manager.username);
  await visit(page, '/users');
  await page.getByRole('button', { name: /Filtros/ }).click();
  await page.getByLabel('Username', { exact: true }).fill(manager.username);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const own = page.getByRole('row').filter({ hasText: 'Gestor Teste E2E' }).getByRole('switch', { name: 'Ativo' });
  await expect(own).toBeEnabled();
  await expect(own).not.toHaveAccessibleDescription(reason);

  await manager.demote();
  await own.click();
  await expect(toastText(page, reason)).toBeVisible();
  await expect(toastText(page, 'Unable to update user status.')).toHaveCount(0);

  await page.goto('/users');
  await expect(page.getByRole('switch', { name: 'Ativo' }).first()).toBeVisible();
  await expectRefusedControl(page.getByRole('switch', { name: 'Ativo' }).first(), reason);
});

test("Perfil: a refused active switch shows the server's reason; then the switch is disabled with it", async ({ page, request }) => {
  const reason = 'Apenas administradores podem bloquear ou desbloquear usuários.';
  const manager = await managerWithActions(request);
  await signIn(page, manager.username);
  await visit(page, '/profile');
  const active = page.getByRole('switch', { name: 'Usuário Ativo' });
  await expect(active).toBeEnabled();

  await manager.demote();
  await active.click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, reason)).toBeVisible();
  await expect(toastText(page, 'Não foi possível atualizar o perfil. Tente novamente.')).toHaveCount(0);

  await page.reload();
  await expectRefusedControl(active, reason);
  await expect(active).toBeChecked();
  await expect(page.getByText(reason)).toBeVisible();
});

test("Despachante: a refused delete shows the server's reason; then Excluir is disabled with it", async ({ page, request }) => {
  const reason = 'Apenas administradores podem excluir despachantes.';
  const headers = await admin(request);
  const sp = (await (await request.get('/api/states?filters[abbreviation][$eq]=SP', { headers })).json()).data[0] as { id: number };
  const name = `Despachante Recusa ${Date.now().toString(36)}`;
  const created = await request.post('/api/companies/createDispatcher', {
    headers,
    data: { data: { trade_name: name, cnpj: generateCnpj(), address_state_id: { connect: [{ id: sp.id }] } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { documentId, user_id: login } = (await created.json()).data as { documentId: string; user_id: { id: number; username: string } };
  // the dispatcher's own login: once demoted, a non-administrator who still sees this dispatcher
  const manager = await managerWithActions(request, login);

  await signIn(page, manager.username);
  await visit(page, `/despachante/${documentId}/details`);
  const excluir = page.getByRole('region', { name: 'Dados cadastrais' }).getByRole('button', { name: 'Excluir' });
  await expect(excluir).toBeEnabled();

  await manager.demote('dispatcher');
  await excluir.click();
  await page.getByRole('alertdialog', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(toastText(page, reason)).toBeVisible();
  await expect(toastText(page, 'Não foi possível excluir o despachante.')).toHaveCount(0);

  await page.reload();
  await expectRefusedControl(excluir, reason);
  await expect(excluir).toHaveAttribute('title', reason);
  expect((await request.get(`/api/companies/${documentId}`, { headers })).status()).toBe(200);
});
