import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/toast';
import type { PermissionTree } from '@/lib/permissions';
import { renderRoute } from './helpers/render-route';

/** The role screens over the real route tree (spec 000 §2.7, §4 "Permission screen", §5 "Role form", §8). */

// a loaded machine (2 cores, several runs) is slower than the default 1 s of findBy/waitFor
configure({ asyncUtilTimeout: 5000 });

// jsdom has no PointerEvent; Ark UI's switch (zag press tracking) creates one on blur after a press.
if (typeof document.defaultView?.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(document.defaultView, 'PointerEvent', { value: PointerEventShim, configurable: true, writable: true });
}

const on = { enabled: true, policy: '' };
const off = { enabled: false, policy: '' };

/** Role actions on users-permissions › role (the list needs createRole, the matrix updateRole). */
const roleManager = (actions: string[]): PermissionTree => ({
  'plugin::users-permissions': {
    controllers: { role: Object.fromEntries(actions.map((a) => [a, on])), user: { me: on } },
  },
});

const ROLES = [
  { id: 1, name: 'Authenticated', description: 'Default role', type: 'authenticated', nb_users: 0 },
  { id: 2, name: 'Public', description: 'Default public role', type: 'public', nb_users: 0 },
  { id: 3, name: 'Auditor', description: 'Leitura', type: 'auditor', nb_users: 2 },
];

const AUDITOR_TREE: PermissionTree = {
  'api::sales-order': { controllers: { 'sales-order': { find: on, findOne: off, create: off, update: off, delete: off } } },
  'api::company': { controllers: { company: { find: off, getCompanyUsers: off }, bare: {} } },
  'api::state': { controllers: { state: {} } },
  'plugin::upload': { controllers: { 'content-api': { upload: off } } },
  'plugin::i18n': { controllers: { locales: { listLocales: off } } },
  'plugin::email': { controllers: { email: { send: off } } },
  'plugin::content-type-builder': { controllers: { builder: { getReservedNames: off } } },
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API for these screens: the roles list, role 3 with {@link AUDITOR_TREE}, and the writes. */
function stubApi({
  tree = AUDITOR_TREE,
  putStatus = 200,
  detailStatus = 200,
  deleteStatus = 200,
  putError = 'Recusado',
  putErrorName,
}: { tree?: PermissionTree; putStatus?: number; detailStatus?: number; deleteStatus?: number; putError?: string; putErrorName?: string } = {}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = { method: init?.method ?? 'GET' };
      const url = decodeURIComponent(String(input instanceof Request ? input.url : input));
      const text = typeof init?.body === 'string' ? init.body : '';
      calls.push({ method: request.method, url, body: text ? JSON.parse(text) : undefined });
      if (url.includes('/users/me')) return json({ error: { status: 500, message: 'offline' } }, 500);
      if (request.method === 'PUT')
        return putStatus === 200 ? json({ ok: true }) : json({ error: { status: putStatus, name: putErrorName, message: putError } }, putStatus);
      if (request.method === 'POST') return json({ ok: true });
      if (request.method === 'DELETE') return deleteStatus === 200 ? json({ ok: true }) : json({ error: { status: deleteStatus } }, deleteStatus);
      if (url.endsWith('/users-permissions/roles')) return json({ roles: ROLES });
      if (url.includes('/users-permissions/roles/3')) {
        return detailStatus === 200
          ? json({ role: { ...ROLES[2], permissions: tree } })
          : json({ error: { status: detailStatus, message: 'Not Found' } }, detailStatus);
      }
      if (url.includes('/users-permissions/permissions')) {
        return json({
          permissions: {
            'api::sales-order': { controllers: { 'sales-order': { find: off, create: off } } },
            'plugin::users-permissions': {
              controllers: {
                auth: { changePassword: off, resetPassword: off, register: off },
                user: { me: off, find: off },
                role: { find: off, findOne: off, createRole: off },
                permissions: { getPermissions: off },
              },
            },
          },
        });
      }
      return json({ error: { status: 404, message: 'Not Found' } }, 404);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts(); // the store outlives the render: earlier tests' toasts would fill its 5 slots
});

describe('/roles', { timeout: 30_000 }, () => {
  it('lists the roles titled Papéis & Permissões, with no delete for public and authenticated', async () => {
    stubApi();
    await renderRoute('/roles', { permissions: roleManager(['createRole', 'findOne', 'updateRole', 'deleteRole']) });
    expect(await screen.findByRole('heading', { name: 'Papéis & Permissões' }, { timeout: 5000 })).toBeInTheDocument();
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
    await screen.findByRole('cell', { name: 'Auditor' }, { timeout: 5000 });
    expect(within(row('Auditor')).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    expect(within(row('Public')).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(row('Authenticated')).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(row('Auditor')).getByRole('link', { name: 'Permissões de Auditor' })).toHaveAttribute('href', '/role/3/permissions');
    expect(screen.getByRole('link', { name: /Novo/ })).toHaveAttribute('href', '/role/new');
  });

  it('deletes after Confirmar exclusão; a failure shows the spec text', async () => {
    const calls = stubApi({ deleteStatus: 500 });
    await renderRoute('/roles', { permissions: roleManager(['createRole', 'deleteRole']) });
    await screen.findByRole('cell', { name: 'Auditor' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('row', { name: /Auditor/ })).getByRole('button', { name: 'Excluir' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Confirmar exclusão' }));
    await user.click(dialog.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível deletar o papel.')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toMatch(/\/users-permissions\/roles\/3$/);
  });

  it('offers no delete without deleteRole', async () => {
    stubApi();
    await renderRoute('/roles', { permissions: roleManager(['createRole']) });
    await screen.findByRole('cell', { name: 'Auditor' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Permissões de/ })).toBeNull();
  });
});

describe('/role/new and /role/{id}', { timeout: 30_000 }, () => {
  it('shows the spec messages, fills the type with the lower-cased name and creates with only the §5 defaults', async () => {
    const calls = stubApi();
    const router = await renderRoute('/role/new', { permissions: roleManager(['createRole', 'findOne']) });
    expect(await screen.findByRole('heading', { name: 'Novo papel' }, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Descrição é obrigatório')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Nome/), 'Auditor Fiscal');
    expect(screen.getByLabelText(/Tipo/)).toHaveValue('auditor fiscal');
    await user.type(screen.getByLabelText(/Descrição/), 'Somente leitura');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/users-permissions\/roles$/);
    const body = post.body as { name: string; description: string; type: string; users: unknown[]; permissions: PermissionTree };
    expect(body).toMatchObject({ name: 'Auditor Fiscal', description: 'Somente leitura', type: 'auditor fiscal', users: [] });
    const up = body.permissions['plugin::users-permissions']!.controllers;
    expect(up.auth).toEqual({ changePassword: on, resetPassword: on, register: off });
    expect(up.user).toEqual({ me: on, find: off });
    expect(up.role).toEqual({ find: on, findOne: on, createRole: off });
    expect(up.permissions).toEqual({ getPermissions: on });
    expect(body.permissions['api::sales-order']!.controllers['sales-order']).toEqual({ find: off, create: off });
    expect(await screen.findByText('Papel criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
  });

  it('edits name and description and sends the loaded tree back unchanged', async () => {
    const calls = stubApi();
    await renderRoute('/role/3', { permissions: roleManager(['createRole', 'findOne']) });
    // the heading shows while the role loads too: wait for the loaded form
    expect(await screen.findByDisplayValue('Auditor')).toBe(screen.getByLabelText(/Nome/));
    expect(screen.getByRole('heading', { name: 'Editar papel' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Tipo/)).toBeDisabled();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Descrição/));
    await user.type(screen.getByLabelText(/Descrição/), 'Leitura geral');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/users-permissions\/roles\/3$/);
    expect(put.body).toEqual({ name: 'Auditor', description: 'Leitura geral', type: 'auditor', permissions: AUDITOR_TREE });
    expect(await screen.findByText('Papel atualizado com sucesso')).toBeInTheDocument();
  });
});

describe('/role/{id}/permissions', { timeout: 30_000 }, () => {
  const manager = roleManager(['createRole', 'findOne', 'updateRole']);
  const sw = (name: string) => screen.getByRole('switch', { name });
  // Ark's switch writes the hidden input's `checked` in an effect after the render: wait for it
  const isOn = (name: string) => waitFor(() => expect(sw(name)).toBeChecked());
  const isOff = (name: string) => waitFor(() => expect(sw(name)).not.toBeChecked());

  it('shows the accordion without the hidden plugins, company also as despachante, and applies the toggle rules', async () => {
    const calls = stubApi();
    await renderRoute('/role/3/permissions', { permissions: manager });
    await screen.findByRole('switch', { name: 'API sales-order' }); // loaded (the heading shows while loading too)
    expect(screen.getByRole('heading', { name: 'Manage Permissions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/roles');
    const triggers = screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent);
    expect(triggers.map((t) => t?.replace(/\d+ aç(ão|ões)$/, ''))).toEqual(['company', 'despachante', 'sales-order', 'state']);
    expect(screen.queryByText('upload')).toBeNull();
    expect(screen.queryByText('i18n')).toBeNull();
    expect(screen.queryByText('email')).toBeNull();
    expect(screen.queryByText('content-type-builder')).toBeNull();

    // any-on: sales-order has find on; company has nothing on
    await isOn('API sales-order');
    await isOff('API company');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();

    const user = userEvent.setup();
    // the API switch sets every action; the dispatcher entry is the same API
    await user.click(sw('API company'));
    await isOn('API company');
    await isOn('API despachante');
    expect(screen.getByRole('button', { name: 'Salvar permissões' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^despachante/ }));
    await user.click(await screen.findByRole('button', { name: /^bare$/ })); // inside the item just opened
    // the bare controller took the union of its siblings' actions
    await isOn('despachante › bare › find');
    await isOn('despachante › bare › getCompanyUsers');
    // a controller switch sets all its actions
    await user.click(sw('despachante › bare'));
    await isOff('despachante › bare › find');
    await isOn('API despachante'); // company › company is still on

    // state › state has no action and no sibling: the five defaults
    await user.click(screen.getByRole('button', { name: /^state/ }));
    await user.click(await screen.findByRole('button', { name: /^state$/ })); // inside the item just opened
    for (const action of ['find', 'findOne', 'create', 'update', 'delete']) await isOff(`state › state › ${action}`);
    await user.click(sw('state › state › findOne'));
    await isOn('state › state');
    await isOn('API state');

    await user.click(screen.getByRole('button', { name: 'Salvar permissões' }));
    expect(await screen.findByText('As permissões do papel foram atualizadas com sucesso.')).toBeInTheDocument();
    expect(screen.getByText('Permissões atualizadas')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/users-permissions\/roles\/3$/);
    const sent = (put.body as { name: string; permissions: PermissionTree }).permissions;
    expect((put.body as { name: string }).name).toBe('Auditor');
    expect(sent['api::company']!.controllers.company).toEqual({ find: on, getCompanyUsers: on });
    expect(sent['api::company']!.controllers.bare).toEqual({ find: off, getCompanyUsers: off });
    expect(sent['api::state']!.controllers.state).toEqual({ find: off, findOne: on, create: off, update: off, delete: off });
    expect(sent['api::sales-order']!.controllers['sales-order']!.find).toEqual(on);
  }, 30_000);

  it('flips switches and opens sections with the keyboard alone (Tab, Enter, Space)', async () => {
    stubApi();
    await renderRoute('/role/3/permissions', { permissions: manager });
    await screen.findByRole('switch', { name: 'API sales-order' });
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: /^sales-order/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // the API switch
    expect(sw('API sales-order')).toHaveFocus();
    await user.tab(); // the controller trigger
    await user.keyboard(' ');
    await user.tab(); // the controller switch
    expect(sw('sales-order › sales-order')).toHaveFocus();
    await user.tab(); // find
    expect(sw('sales-order › sales-order › find')).toHaveFocus();
    await user.keyboard(' ');
    await isOff('sales-order › sales-order › find');
    await isOff('API sales-order');
    await user.tab();
    await user.keyboard('{Enter}');
    await isOn('sales-order › sales-order › findOne');
    expect(screen.getByRole('button', { name: 'Salvar permissões' })).toBeInTheDocument();
  }, 30_000);

  it('a failed save keeps the modified state and shows the spec texts', async () => {
    stubApi({ putStatus: 500 });
    await renderRoute('/role/3/permissions', { permissions: manager });
    await screen.findByRole('switch', { name: 'API sales-order' });
    const user = userEvent.setup();
    await user.click(sw('API state'));
    await user.click(screen.getByRole('button', { name: 'Salvar permissões' }));
    expect(await screen.findByText('Não foi possível atualizar as permissões do papel.')).toBeInTheDocument();
    expect(screen.getByText('Erro ao atualizar permissões')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar permissões' })).toBeInTheDocument();
  });

  it('a save the server refuses with its reason (a lock-out) shows that reason', async () => {
    const reason = 'O papel "Auditor" precisa manter "role.find": sem isso ninguém consegue voltar a editar os papéis.';
    stubApi({ putStatus: 403, putErrorName: 'PolicyError', putError: reason });
    await renderRoute('/role/3/permissions', { permissions: manager });
    await screen.findByRole('switch', { name: 'API sales-order' });
    const user = userEvent.setup();
    await user.click(sw('API state'));
    await user.click(screen.getByRole('button', { name: 'Salvar permissões' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('Erro ao atualizar permissões')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar permissões' })).toBeInTheDocument();
  });

  it('an empty tree shows the empty texts', async () => {
    stubApi({ tree: { 'plugin::upload': AUDITOR_TREE['plugin::upload']! } });
    await renderRoute('/role/3/permissions', { permissions: manager });
    expect(await screen.findByText('No permissions found')).toBeInTheDocument();
    expect(screen.getByText('This role has no configured permissions.')).toBeInTheDocument();
  });

  it('a failed load toasts the spec texts and goes back to /roles', async () => {
    stubApi({ detailStatus: 404 });
    const router = await renderRoute('/role/3/permissions', { permissions: manager });
    expect(await screen.findByText('Não foi possível carregar as permissões do papel.')).toBeInTheDocument();
    expect(screen.getByText('Erro ao carregar permissões')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
  });
});
