import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerResource } from '@/features/customers/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { customerFormSchema, customerToForm } from '@/features/customers/schema';
import { stubCollection } from './helpers/fake-collection';
import { can, renderRoute } from './helpers/render-route';

/** Customers (spec 001 §2 "Customers", §5 "Customer", §7, §8). */
const ALL = can('customer', ['find', 'findOne', 'create', 'update', 'delete']);
const valid = { name: 'Maria Silva', cpf_cnpj: '52998224725', email: '', phone_number: '' };

describe('customer form schema', () => {
  const messages = (values: Partial<typeof valid>) => {
    const result = customerFormSchema.safeParse({ ...valid, ...values });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a name of at least 2, a CPF/CNPJ of at least 11 with valid check digits, and a valid email or none', () => {
    expect(messages({ name: ' M ', cpf_cnpj: '', email: 'maria@' })).toEqual([
      'name: Nome é obrigatório',
      'cpf_cnpj: CPF/CNPJ é obrigatório',
      'email: Email inválido',
    ]);
    expect(messages({ cpf_cnpj: '529.982.247-2' })).toEqual(['cpf_cnpj: CPF/CNPJ é obrigatório']);
    expect(messages({ cpf_cnpj: '529.982.247-24' })).toEqual(['cpf_cnpj: CPF inválido']);
    expect(messages({ cpf_cnpj: '11.222.333/0001-80' })).toEqual(['cpf_cnpj: CNPJ inválido']);
    expect(messages({ cpf_cnpj: '112223330001' })).toEqual(['cpf_cnpj: CNPJ incompleto']);
    expect(messages({ cpf_cnpj: '11.222.333/0001-81', email: 'maria@exemplo.com.br' })).toEqual([]);
    expect(messages({ cpf_cnpj: '12.ABC.345/01DE-35' })).toEqual([]);
  });

  it('stores the document bare, an empty email and phone as null, text trimmed', () => {
    expect(customerFormSchema.parse({ name: ' Maria ', cpf_cnpj: '529.982.247-25', email: '  ', phone_number: '' })).toEqual({
      name: 'Maria',
      cpf_cnpj: '52998224725',
      email: null,
      phone_number: null,
    });
    expect(customerFormSchema.parse({ ...valid, cpf_cnpj: '12.abc.345/01de-35', email: ' m@x.com ', phone_number: '11987654321' })).toMatchObject({
      cpf_cnpj: '12ABC34501DE35',
      email: 'm@x.com',
      phone_number: '11987654321',
    });
    expect(customerToForm({ id: 1, documentId: 'c1', name: 'Jo', cpf_cnpj: '52998224725', email: null, phone_number: null })).toEqual({
      name: 'Jo',
      cpf_cnpj: '52998224725',
      email: '',
      phone_number: '',
    });
  });

  it('lists with id $eq and the texts $containsi; document and phone filters lose their punctuation', () => {
    expect(
      resourceListQuery(customerResource, {
        page: 1,
        pageSize: 10,
        sort: 'cpf_cnpj:asc',
        filters: { id: '5', name: 'mar', cpf_cnpj: '529.982', email: '@x', phone_number: '(11) 98' },
      }),
    ).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['cpf_cnpj:asc'],
      filters: {
        id: { $eq: '5' },
        name: { $containsi: 'mar' },
        cpf_cnpj: { $containsi: '529982' },
        email: { $containsi: '@x' },
        phone_number: { $containsi: '1198' },
      },
    });
  });
});

describe('customer screens over the real route tree', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/customer/new: the spec messages, the document masked as typed with its check-digit message, then POST with digits', async () => {
    const api = stubCollection('customers');
    const router = await renderRoute('/customer/new', { permissions: ALL });
    expect(await screen.findByRole('heading', { name: 'Novo cliente' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('CPF/CNPJ é obrigatório')).toBeInTheDocument();

    const doc = screen.getByLabelText(/CPF\/CNPJ/);
    await user.type(doc, '52998224724');
    expect(doc).toHaveValue('529.982.247-24');
    await user.tab();
    expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
    fireEvent.input(doc, { target: { value: '529.982.247-25' } });
    fireEvent.blur(doc);
    await waitFor(() => expect(screen.queryByText('CPF inválido')).toBeNull());

    await user.type(screen.getByLabelText(/Nome/), 'Maria Silva');
    await user.type(screen.getByLabelText(/Email/), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'exemplo.com');
    await user.type(screen.getByLabelText(/Telefone/), '11987654321');
    expect(screen.getByLabelText(/Telefone/)).toHaveValue('(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      body: { data: { name: 'Maria Silva', cpf_cnpj: '52998224725', email: 'maria@exemplo.com', phone_number: '11987654321' } },
    });
    expect(await screen.findByText('Cliente criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  }, 30_000);

  it('/customer/new: a refused save shows the server message', async () => {
    stubCollection('customers', { write: 409, message: 'CPF/CNPJ já cadastrado' });
    await renderRoute('/customer/new', { permissions: ALL });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Nome/), 'Maria Silva');
    fireEvent.input(screen.getByLabelText(/CPF\/CNPJ/), { target: { value: '11.222.333/0001-81' } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF/CNPJ já cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Novo cliente' })).toBeInTheDocument();
  }, 30_000);

  it('/customers: the document formatted; a failed delete shows the spec text', async () => {
    stubCollection('customers', {
      list: [{ id: 8, documentId: 'c8', name: 'Maria Silva', cpf_cnpj: '52998224725', email: null, phone_number: '11987654321' }],
      remove: 500,
    });
    await renderRoute('/customers', { permissions: ALL });
    expect(await screen.findByRole('cell', { name: '529.982.247-25' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível remover o cliente.')).toBeInTheDocument();
  }, 30_000);

  it('/customers: a failed list shows the empty list and its toast', async () => {
    stubCollection('customers', { list: 500, message: 'falhou' });
    await renderRoute('/customers', { permissions: can('customer', ['find']) });
    expect(await screen.findByText('Erro ao carregar os clientes: falhou')).toBeInTheDocument();
    expect(screen.getByText('Nenhum item encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
  }, 30_000);

  it('/customer/{id}: a failed load toasts and returns to the list', async () => {
    stubCollection('customers', { detail: 404, message: 'Not Found' });
    const router = await renderRoute('/customer/nope', { permissions: ALL });
    expect(await screen.findByText('Erro ao carregar cliente')).toBeInTheDocument();
    expect(screen.getByText('Cliente não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  }, 30_000);

  it('/customer/{id}: a loaded one shows its document formatted and is saved with PUT', async () => {
    const api = stubCollection('customers', {
      detail: { id: 8, documentId: 'c8', name: 'Maria Silva', cpf_cnpj: '52998224725', email: 'm@x.com', phone_number: null },
    });
    await renderRoute('/customer/c8', { permissions: ALL });
    expect(await screen.findByLabelText(/CPF\/CNPJ/)).toHaveValue('529.982.247-25');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Email/));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { data: { name: 'Maria Silva', cpf_cnpj: '52998224725', email: null, phone_number: null } } });
    expect(api.writes()[0]!.url).toContain('/api/customers/c8');
  }, 30_000);
});
