import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateUser, userListQuery } from '@/features/users/api';
import {
  userFormErrorLines,
  userFormSchema,
  userFormToCreatePayload,
  userFormToUpdatePayload,
  userStateName,
  userToForm,
  type UserFormValues,
} from '@/features/users/schema';
import { clearToasts } from '@/components/ui/toast';
import type { PermissionTree } from '@/lib/permissions';
import { can, renderRoute } from './helpers/render-route';

/** Users (spec 000 §2.6, §3, §5 "User form", §7, §8). */

const CPF = '52998224725';
const valid: UserFormValues = {
  ...userToForm(),
  username: CPF,
  email: 'ana@balcao.test',
  name: 'Ana Souza',
  role: 3,
  address_state_id: 25,
  password: 'segredo1',
  confirmPassword: 'segredo1',
};

const messages = (mode: 'new' | 'edit', values: UserFormValues) => {
  const result = userFormSchema(mode).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('user form schema', () => {
  it('gives every message of spec 000 §5 verbatim on an empty new user', () => {
    expect(messages('new', userToForm())).toEqual([
      'email: Email inválido',
      'name: Nome completo é obrigatório',
      'role: Permissão é obrigatória',
      'address_state_id: Estado é obrigatório',
      'username: CPF/CNPJ é obrigatório',
      'confirmPassword: Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir',
    ]);
    expect(messages('new', valid)).toEqual([]);
  });

  it('checks the document (CPF, CNPJ, alphanumeric CNPJ) and the password only on create', () => {
    expect(messages('new', { ...valid, username: '12345678900' })).toEqual(['username: CPF inválido']);
    expect(messages('new', { ...valid, username: '112223330001' })).toEqual(['username: CNPJ incompleto']);
    expect(messages('new', { ...valid, username: '11222333000182' })).toEqual(['username: CNPJ inválido']);
    expect(messages('new', { ...valid, username: '12.ABC.345/01DE-35' })).toEqual([]);
    expect(messages('new', { ...valid, password: 'segredo1', confirmPassword: 'segredo2' })).toEqual([
      'confirmPassword: Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir',
    ]);
    expect(messages('new', { ...valid, password: '12345', confirmPassword: '12345' })).toHaveLength(1);
    expect(messages('edit', { ...valid, password: '', confirmPassword: '' })).toEqual([]);
  });

  it('lists field: message pairs for the Erro de Validação toast', () => {
    expect(userFormErrorLines('edit', { ...valid, email: 'x', role: 0 })).toEqual(['Email: Email inválido', 'Permissão: Permissão é obrigatória']);
    expect(userFormErrorLines('new', valid)).toEqual([]);
  });

  it('creates with {data}, connect lists, provider local, confirmed true, no confirmPassword', () => {
    expect(userFormToCreatePayload({ ...valid, username: '529.982.247-25', company_id: 7, phone_number: '11987654321' })).toEqual({
      data: {
        username: CPF,
        email: 'ana@balcao.test',
        name: 'Ana Souza',
        phone_number: '11987654321',
        type: 'salesman',
        address_street: '',
        address_number: '',
        address_postal_code: '',
        blocked: false,
        password: 'segredo1',
        role: { connect: [{ id: 3 }] },
        address_state_id: { connect: [{ id: 25 }] },
        company_id: { connect: [{ id: 7 }] },
        provider: 'local',
        confirmed: true,
      },
    });
    // only a salesman sells for a dealership
    expect(userFormToCreatePayload({ ...valid, type: 'company', company_id: 7 }).data).not.toHaveProperty('company_id');
    expect(userFormToCreatePayload({ ...valid, birth_date: '1990-05-17' }).data).toMatchObject({ birth_date: '1990-05-17' });
  });

  it('updates with the fields directly: ids, empty birth date null, empty password omitted', () => {
    const body = userFormToUpdatePayload({ ...valid, password: '', confirmPassword: '', blocked: true, type: 'admin', company_id: 7 });
    expect(body).toEqual({
      username: CPF,
      email: 'ana@balcao.test',
      name: 'Ana Souza',
      phone_number: '',
      type: 'admin',
      address_street: '',
      address_number: '',
      address_postal_code: '',
      blocked: true,
      role: 3,
      address_state_id: 25,
      company_id: null,
      birth_date: null,
    });
    expect(userFormToUpdatePayload({ ...valid, company_id: 7 })).toMatchObject({ company_id: 7, password: 'segredo1' });
  });

  it('loads a user: type company when missing, salesman on a new one; state name or N/A', () => {
    expect(userToForm().type).toBe('salesman');
    expect(userToForm({ id: 4, username: '52998224725', type: null }).type).toBe('company');
    expect(userToForm({ id: 4, username: '52998224725', type: 'dispatcher', birth_date: '1990-05-17', company_id: { id: 2 } })).toMatchObject({
      type: 'dispatcher',
      birth_date: '1990-05-17',
      company_id: 2,
    });
    expect(userStateName({ address_state_id: { id: 1, name: 'São Paulo' } })).toBe('São Paulo');
    expect(userStateName({ address_state_id: null })).toBe('N/A');
  });

  it("refuses an update without an id: 'ID não fornecido' (spec 000 §8)", async () => {
    await expect(updateUser(undefined, { name: 'x' })).rejects.toThrow('ID não fornecido');
    await expect(updateUser('', { name: 'x' })).rejects.toThrow('ID não fornecido');
  });

  it('lists with populate=*, id and blocked $eq (boolean), username/email/name $containsi', () => {
    expect(
      userListQuery({ page: 2, pageSize: 20, sort: 'name:desc', filters: { id: '7', username: '529.982', email: 'a@', name: 'ana', blocked: 'true' } }),
    ).toEqual({
      populate: '*',
      pagination: { page: 2, pageSize: 20 },
      sort: ['name:desc'],
      filters: { id: { $eq: '7' }, username: { $containsi: '529982' }, email: { $containsi: 'a@' }, name: { $containsi: 'ana' }, blocked: { $eq: true } },
    });
  });
});

// ---- screens over the real route tree, with a stubbed server -------------------------------------

type Call = { method: string; url: string; body: unknown };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const USERS = [
  {
    id: 5,
    documentId: 'u5',
    username: CPF,
    email: 'ana@balcao.test',
    name: 'Ana Souza',
    blocked: false,
    type: 'salesman',
    address_state_id: { id: 25, name: 'São Paulo' },
  },
  { id: 6, documentId: 'u6', username: '11222333000181', email: 'loja@balcao.test', name: 'Loja', blocked: true, type: 'company', address_state_id: null },
];

/** Stubs fetch: the lists the form needs, the users list, and whatever `write` answers for writes. */
function stubServer(write: (call: Call) => Response = () => json({ id: 9, username: CPF })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : undefined;
      const url = decodeURIComponent(String(request ? request.url : input));
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      const raw = request ? await request.clone().text() : (init?.body as string | undefined);
      const call = { method, url, body: raw ? JSON.parse(raw) : undefined };
      calls.push(call);
      if (method !== 'GET') return write(call);
      if (url.includes('/users/me')) return json({ error: { status: 500, message: 'offline' } }, 500);
      if (url.includes('/users-permissions/roles')) return json({ roles: [{ id: 3, name: 'Vendedor', type: 'vendedor' }] });
      if (url.includes('/states'))
        return json({
          data: [{ id: 25, documentId: 's', name: 'São Paulo', abbreviation: 'SP' }],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } },
        });
      if (url.includes('/companies'))
        return json({
          data: [{ id: 7, documentId: 'c', trade_name: 'Avenida Veículos' }],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 } },
        });
      if (/\/users\/\d+/.test(url)) return json({ error: { status: 404, message: 'Usuário não encontrado' } }, 404);
      if (url.includes('/users')) return json({ data: USERS, meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 2 } } });
      return json({ error: { status: 404, message: 'not stubbed' } }, 404);
    }),
  );
  return calls;
}

const userPerms = (actions: string[]): PermissionTree => can('users-permissions', actions, true);
const toastWith = (title: string) => screen.findByText(title, {}, { timeout: 10_000 });
/** Fills /user/new after the CPF: name, e-mail, Vendedor, São Paulo, the dealership when given, the two passwords. */
async function fillNewSalesman(user: ReturnType<typeof userEvent.setup>, v: { company?: string; password: string; confirmPassword: string }) {
  await user.type(screen.getByLabelText(/Nome completo/), 'Ana Souza');
  await user.type(screen.getByLabelText(/^Email/), 'ana@balcao.test');
  await waitFor(() => expect(within(screen.getByLabelText(/Permissão/)).getByRole('option', { name: 'Vendedor' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/Permissão/), 'Vendedor');
  await waitFor(() => expect(within(screen.getByLabelText(/^Estado/)).getByRole('option', { name: 'São Paulo' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Estado/), 'São Paulo');
  if (v.company) {
    await waitFor(() => expect(within(screen.getByLabelText(/Concessionária/)).getByRole('option', { name: v.company })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/Concessionária/), v.company);
  }
  await user.type(screen.getByLabelText(/^Senha/), v.password);
  await user.type(screen.getByLabelText(/Confirmar senha/), v.confirmPassword);
}

describe('/users and /user/{id} over the real route tree', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts(); // the store outlives the render: without this, earlier tests' toasts fill its 5 slots
  });

  it('lists ID, CPF/CNPJ formatted, Nome completo, Email, Estado or N/A and the status switches', async () => {
    stubServer();
    await renderRoute('/users', { permissions: userPerms(['find', 'create', 'update', 'destroy']) });
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: '529.982.247-25' })).toBeInTheDocument();
    for (const header of ['ID', 'CPF/CNPJ', 'Nome completo', 'Email', 'Estado'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '11.222.333/0001-81' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'N/A' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Bloqueado' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: /Novo/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Editar' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Excluir' })).toHaveLength(2);
  }, 30_000);

  it('a non-administrator with update sees Editar only on their own account and a read-only switch (the server allows no more)', async () => {
    stubServer();
    await renderRoute('/users', {
      permissions: userPerms(['find', 'findOne', 'update']),
      user: { id: 6, username: '11222333000181', name: 'Loja', type: 'company', role: { id: 4, name: 'Concessionária', type: 'concessionaria' } },
    });
    expect(await screen.findByRole('cell', { name: '529.982.247-25' })).toBeInTheDocument();
    const editar = screen.getAllByRole('link', { name: 'Editar' });
    expect(editar).toHaveLength(1);
    expect(editar[0]).toHaveAttribute('href', '/user/6');
    for (const sw of screen.getAllByRole('switch')) expect(sw).toBeDisabled();
  }, 30_000);

  it('sorts by every column but Estado and Status (the header buttons write sort to the URL)', async () => {
    stubServer();
    const router = await renderRoute('/users', { permissions: userPerms(['find']) });
    await screen.findByRole('cell', { name: '529.982.247-25' });
    const user = userEvent.setup();
    for (const [header, field] of [
      ['ID', 'id'],
      ['CPF/CNPJ', 'username'],
      ['Nome completo', 'name'],
      ['Email', 'email'],
    ] as const) {
      await user.click(within(screen.getByRole('columnheader', { name: new RegExp(`^${header.replace('/', '\\/')}`) })).getByRole('button'));
      // (TanStack sorts numbers descending first, text ascending)
      await waitFor(() => expect(router.state.location.search.sort).toMatch(new RegExp(`^${field}:(asc|desc)$`)));
    }
    for (const header of ['Estado', 'Status']) expect(within(screen.getByRole('columnheader', { name: header })).queryByRole('button')).toBeNull();
  }, 30_000);

  it('hides new, edit and delete and disables the switch without create/update/destroy', async () => {
    stubServer();
    await renderRoute('/users', { permissions: userPerms(['find']) });
    expect(await screen.findByRole('cell', { name: '529.982.247-25' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeDisabled();
  }, 30_000);

  it('the switch sends PUT {blocked} with its toasts; a failure says Error / Unable to update user status.', async () => {
    const calls = stubServer((c) => (c.method === 'PUT' && c.url.endsWith('/users/6') ? json({ error: { status: 500, message: 'x' } }, 500) : json({ id: 5 })));
    await renderRoute('/users', { permissions: userPerms(['find', 'update']) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Ativo' }));
    expect(await toastWith('User status updated successfully.')).toBeInTheDocument();
    expect(screen.getByText('Status updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { blocked: true } });
    expect(calls.find((c) => c.method === 'PUT')?.url).toMatch(/\/users\/5$/);
    await user.click(screen.getByRole('switch', { name: 'Bloqueado' }));
    expect(await toastWith('Unable to update user status.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({ body: { blocked: false } });
  }, 30_000);

  it('deletes after Confirmar exclusão with User deleted; a failure says Unable to delete the user., a refusal its reason', async () => {
    let fail: false | 'error' | 'refusal' = false;
    const reason =
      'Não é possível remover o último administrador ativo: dê o papel Administrador a outro usuário antes de bloquear, excluir ou mudar o papel deste.';
    const calls = stubServer(() =>
      fail === 'error'
        ? json({ error: { status: 500, message: 'x' } }, 500)
        : fail === 'refusal'
          ? json({ error: { status: 403, name: 'PolicyError', message: reason } }, 403)
          : json({ id: 5 }),
    );
    await renderRoute('/users', { permissions: userPerms(['find', 'destroy']) });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Excluir' }))[0]!);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Confirmar' }));
    expect(await toastWith('User has been deleted successfully.')).toBeInTheDocument();
    expect(screen.getByText('User deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/users\/5$/);
    fail = 'error';
    await user.click(screen.getAllByRole('button', { name: 'Excluir' })[1]!);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Confirmar' }));
    expect(await toastWith('Unable to delete the user.')).toBeInTheDocument();
    fail = 'refusal';
    await user.click(screen.getAllByRole('button', { name: 'Excluir' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmar exclusão' })).getByRole('button', { name: 'Confirmar' }));
    expect(await toastWith(reason)).toBeInTheDocument();
  }, 30_000);

  it('the filter panel writes $eq / $containsi filters and the blocked switch', async () => {
    const calls = stubServer();
    const router = await renderRoute('/users', { permissions: userPerms(['find']) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Filtros de busca/ }));
    await user.type(screen.getByLabelText('ID do Usuário'), '5');
    await user.type(screen.getByLabelText('Username'), '529.982');
    await user.type(screen.getByLabelText('Email'), 'ana@');
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    expect(screen.getByRole('switch', { name: 'Apenas usuários ativos' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Apenas usuários ativos' }));
    expect(screen.getByRole('switch', { name: 'Apenas usuários bloqueados' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'email');
    await user.selectOptions(screen.getByLabelText('Direção'), 'desc');
    expect(within(screen.getByLabelText('Direção')).getByRole('option', { name: 'Crescente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'email:desc', filters: { id: '5', blocked: 'true' } }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.includes('filters[blocked][$eq]=true') && c.url.includes('filters[username][$containsi]=529982') && c.url.includes('sort[0]=email:desc'),
        ),
      ).toBe(true),
    );
    expect(calls.some((c) => c.url.includes('filters[id][$eq]=5') && c.url.includes('filters[name][$containsi]=Ana'))).toBe(true);
  }, 30_000);

  it('/user/new: the messages under the fields and the Erro de Validação toast on an empty submit', async () => {
    stubServer();
    await renderRoute('/user/new', { permissions: userPerms(['find', 'findOne', 'create']) });
    expect(await screen.findByRole('heading', { name: 'Novo usuário' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Tipo/)).toHaveValue('salesman');
    expect(screen.getByRole('switch', { name: 'Usuário Ativo' })).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await toastWith('Erro de Validação')).toBeInTheDocument();
    for (const text of ['CPF/CNPJ é obrigatório', 'Email inválido', 'Nome completo é obrigatório', 'Permissão é obrigatória', 'Estado é obrigatório']) {
      expect(screen.getAllByText(new RegExp(text)).length, text).toBeGreaterThanOrEqual(2); // under the field and in the toast
    }
    expect(screen.getAllByText(/Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir/).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/CPF\/CNPJ: CPF\/CNPJ é obrigatório/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Usuário Ativo' }));
    expect(screen.getByRole('switch', { name: 'Usuário Bloqueado' })).not.toBeChecked();
  }, 30_000);

  it('/user/new formats the CPF as typed and posts {data} with connect lists, then Usuário criado com sucesso', async () => {
    const calls = stubServer((c) => json({ id: 9, username: (c.body as { data: { username: string } }).data.username }, 201));
    const router = await renderRoute('/user/new', { permissions: userPerms(['find', 'findOne', 'create']) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Novo usuário' });
    await user.type(screen.getByLabelText(/CPF\/CNPJ/), CPF);
    expect(screen.getByLabelText(/CPF\/CNPJ/)).toHaveValue('529.982.247-25');
    await fillNewSalesman(user, { company: 'Avenida Veículos', password: 'segredo1', confirmPassword: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await toastWith('Usuário criado com sucesso')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/users$/);
    expect(post?.body).toMatchObject({
      data: {
        username: CPF,
        role: { connect: [{ id: 3 }] },
        address_state_id: { connect: [{ id: 25 }] },
        company_id: { connect: [{ id: 7 }] },
        type: 'salesman',
        provider: 'local',
        confirmed: true,
      },
    });
    expect((post?.body as { data: object }).data).not.toHaveProperty('confirmPassword');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  }, 30_000);

  it('/user/new: a mismatch fixed on the Senha field (not on Confirmar senha, where the message sits) lets the next Salvar create', async () => {
    const calls = stubServer((c) => json({ id: 9, username: (c.body as { data: { username: string } }).data.username }, 201));
    await renderRoute('/user/new', { permissions: userPerms(['find', 'findOne', 'create']) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Novo usuário' });
    await user.type(screen.getByLabelText(/CPF\/CNPJ/), CPF);
    await fillNewSalesman(user, { company: 'Avenida Veículos', password: 'segredo1', confirmPassword: 'segredo2' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText(/Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir/)).length).toBeGreaterThanOrEqual(1);
    await user.clear(screen.getByLabelText(/^Senha/));
    await user.type(screen.getByLabelText(/^Senha/), 'segredo2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await toastWith('Usuário criado com sucesso')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 30_000);

  it('a server refusal on create shows its message (else Erro ao criar usuário)', async () => {
    stubServer(() => json({ error: { status: 400, name: 'ApplicationError', message: 'Já existe um usuário com este CPF/CNPJ.' } }, 400));
    await renderRoute('/user/new', { permissions: userPerms(['find', 'findOne', 'create']) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Novo usuário' });
    await user.type(screen.getByLabelText(/CPF\/CNPJ/), CPF);
    await fillNewSalesman(user, { password: 'segredo1', confirmPassword: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await toastWith('Já existe um usuário com este CPF/CNPJ.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Novo usuário' })).toBeInTheDocument();
  }, 30_000);

  it('/user/{id} that fails to load: Erro ao carregar usuário, back to /users', async () => {
    stubServer();
    const router = await renderRoute('/user/77', { permissions: userPerms(['find', 'findOne', 'update']) });
    expect(await toastWith('Não foi possível carregar os dados do usuário')).toBeInTheDocument();
    expect(screen.getByText('Erro ao carregar usuário')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  }, 30_000);
});
