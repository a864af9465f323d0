import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { APIRequestContext, Page } from '@playwright/test';
import { documentField, login, menu, passwordField } from './helpers';
import { apiToken, expect, test, toastText } from './orders-helpers';

test.describe.configure({ timeout: 180_000 });

type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;

const DEFAULTS = [
  'plugin::users-permissions.auth.changePassword',
  'plugin::users-permissions.auth.resetPassword',
  'plugin::users-permissions.permissions.getPermissions',
  'plugin::users-permissions.role.find',
  'plugin::users-permissions.role.findOne',
  'plugin::users-permissions.user.me',
];

const enabledActions = (tree: Tree) =>
  Object.entries(tree)
    .flatMap(([apiKey, node]) =>
      Object.entries(node.controllers).flatMap(([c, actions]) =>
        Object.entries(actions)
          .filter(([, a]) => a.enabled)
          .map(([a]) => `${apiKey}.${c}.${a}`),
      ),
    )
    .sort();

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

async function roleByName(request: APIRequestContext, name: string): Promise<{ id: number; type: string }> {
  const roles = (await (await request.get('/api/users-permissions/roles', { headers: await adminHeaders(request) })).json()).roles;
  const role = roles.find((r: { name: string }) => r.name === name);
  expect(role, `role ${name}`).toBeTruthy();
  return role;
}

async function roleTree(request: APIRequestContext, id: number): Promise<Tree> {
  return (await (await request.get(`/api/users-permissions/roles/${id}`, { headers: await adminHeaders(request) })).json()).role.permissions;
}

/** A role with only the §5 defaults, created through the API. */
async function createRoleViaApi(request: APIRequestContext, name: string) {
  const tree: Tree = {
    'plugin::users-permissions': {
      controllers: {
        auth: { changePassword: { enabled: true }, resetPassword: { enabled: true } },
        user: { me: { enabled: true } },
        role: { find: { enabled: true }, findOne: { enabled: true } },
        permissions: { getPermissions: { enabled: true } },
      },
    },
  };
  const res = await request.post('/api/users-permissions/roles', {
    headers: await adminHeaders(request),
    data: { name, description: 'Papel de teste E2E', permissions: tree, users: [] },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return roleByName(request, name);
}

/** A user of the role, created by the administrator through the API; password 'segredo1'. */
async function createUserWithRole(request: APIRequestContext, roleId: number) {
  const username = generateCpf();
  const res = await request.post('/api/users', {
    headers: await adminHeaders(request),
    data: {
      data: {
        username,
        email: `papel${username}@teste.local`,
        name: 'Papel Teste E2E',
        password: 'segredo1',
        role: { connect: [{ id: roleId }] },
        provider: 'local',
        confirmed: true,
        type: 'salesman',
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { username, password: 'segredo1' };
}

const unique = () => Date.now().toString(36).slice(-6);

/** Presses Tab until `target` has the focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

/** /roles, /role/new, /role/{id}/permissions (spec 000 §2.7, §4, §5 "Role form", §8) against the real server. */
test('an administrator creates a role, grants it only sales-order find, and its user sees only Dashboard and Pedidos', async ({ page, request }) => {
  const name = `Pedidos E2E ${unique()}`;
  await login(page, 'admin');
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Papéis & Permissões' })).toBeVisible();
  const publicRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'public', exact: true }) });
  await expect(publicRow).toHaveCount(1);
  await expect(publicRow.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
  const authenticatedRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'authenticated', exact: true }) });
  await expect(authenticatedRow.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page.getByRole('heading', { name: 'Novo papel' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório')).toBeVisible();
  await expect(page.getByText('Descrição é obrigatório')).toBeVisible();
  await page.getByLabel('Nome').pressSequentially(name);
  await expect(page.getByLabel('Tipo')).toHaveValue(name.toLowerCase());
  await page.getByLabel('Descrição').fill('Só vê pedidos');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toastText(page, 'Papel criado com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/roles/);

  const role = await roleByName(request, name);
  expect(enabledActions(await roleTree(request, role.id))).toEqual(DEFAULTS);

  // the matrix, from the row's link (other tests add roles: a page of 50 holds this one)
  await page.goto('/roles?page=1&pageSize=50');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('button', { name: 'Excluir' })).toHaveCount(1);
  await row.getByRole('link', { name: `Permissões de ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/role/${role.id}/permissions$`));
  await expect(page.getByRole('heading', { name: 'Manage Permissions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
  for (const hidden of ['upload', 'email', 'i18n', 'content-type-builder']) {
    await expect(page.getByRole('button', { name: new RegExp(`^${hidden} \\d+ aç`) })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /^despachante \d+ aç/ })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'API users-permissions', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'API sales-order', exact: true })).not.toBeChecked();
  await page.getByRole('button', { name: /^sales-order \d+ aç/ }).click();
  await page.getByRole('button', { name: 'sales-order', exact: true }).click();
  // a pointer click on the switch drawn on screen (its label element holds the control)
  await page
    .locator('[data-scope="switch"][data-part="root"]')
    .filter({ has: page.getByRole('switch', { name: 'sales-order › sales-order › find', exact: true }) })
    .click();
  await expect(page.getByRole('switch', { name: 'sales-order › sales-order › find', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'API sales-order', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Salvar permissões' }).click();
  await expect(toastText(page, 'As permissões do papel foram atualizadas com sucesso.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
  expect(enabledActions(await roleTree(request, role.id))).toEqual(['api::sales-order.sales-order.find', ...DEFAULTS].sort());

  // a user of that role, at his session start: exactly Dashboard and Pedidos
  const user = await createUserWithRole(request, role.id);
  // Not 'Sair': POST /auth/logout ends every session of the administrator, and other workers run as
  // administrator at the same time (they would be sent to /login). Forgetting the session locally is enough.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await documentField(page).pressSequentially(user.username);
  await passwordField(page).fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'Pedidos']);
  await menu(page).getByRole('link', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();
  await page.goto('/roles');
  await expect(page).toHaveURL(/\/$/); // no createRole: back home
});

test.describe('on a 375 px phone, with the keyboard alone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the matrix fits the screen and Tab, Enter and Space open sections and flip switches', async ({ page, request }) => {
    const role = await createRoleViaApi(request, `Teclado E2E ${unique()}`);
    await login(page, 'admin');
    await page.goto(`/role/${role.id}/permissions`);
    await expect(page.getByRole('heading', { name: 'Manage Permissions' })).toBeVisible();
    const apiTrigger = page.getByRole('button', { name: /^state \d+ aç/ });
    await expect(apiTrigger).toBeVisible();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);

    await tabTo(page, apiTrigger);
    await page.keyboard.press('Enter');
    await expect(apiTrigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'API state', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    const controllerTrigger = page.getByRole('button', { name: 'state', exact: true });
    await expect(controllerTrigger).toBeFocused();
    await page.keyboard.press('Space');
    await expect(controllerTrigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab'); // the controller switch
    await page.keyboard.press('Tab');
    const find = page.getByRole('switch', { name: 'state › state › find', exact: true });
    await expect(find).toBeFocused();
    await page.keyboard.press('Space');
    await expect(find).toBeChecked();
    await page.keyboard.press('Tab');
    const findOne = page.getByRole('switch', { name: 'state › state › findOne', exact: true });
    await expect(findOne).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(findOne).toBeChecked();
    await expect(page.getByRole('switch', { name: 'API state', exact: true })).toBeChecked();
    // every switch of the open section is inside the screen (those of closed sections are not rendered visible)
    const shown = await page.getByRole('switch').filter({ visible: true }).all();
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const sw of shown) {
      const box = await sw.locator('xpath=..').boundingBox();
      expect(box, 'a visible switch has a box').not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    expect(await noSideScroll()).toBe(true);

    const save = page.getByRole('button', { name: 'Salvar permissões' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(toastText(page, 'As permissões do papel foram atualizadas com sucesso.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
    expect(enabledActions(await roleTree(request, role.id))).toEqual(['api::state.state.find', 'api::state.state.findOne', ...DEFAULTS].sort());
  });
});
