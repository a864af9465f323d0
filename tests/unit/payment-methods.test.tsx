import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentMethodResource } from '@/features/payment-methods/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { paymentMethodFormSchema, paymentMethodSchema, paymentMethodToForm } from '@/features/payment-methods/schema';
import { stubCollection } from './helpers/fake-collection';
import { can, renderRoute } from './helpers/render-route';

/** Payment methods (spec 001 §2 "Payment methods", §5, §7, §8). */
const ALL = can('payment-method', ['find', 'findOne', 'create', 'update', 'delete']);
const valid = { name: 'PIX', is_online_payment: true, max_installments: 0, interest_tax: 0, is_active: true };

describe('payment method form schema', () => {
  const messages = (values: Partial<typeof valid>) => {
    const result = paymentMethodFormSchema.safeParse({ ...valid, ...values });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a name of 2 to 100, instalments and interest not negative, with the spec texts', () => {
    expect(messages({ name: 'P' })).toEqual(['name: Nome é obrigatório']);
    expect(messages({ name: 'x'.repeat(101) })).toEqual(['name: Nome deve ter no máximo 100 caracteres']);
    expect(messages({ max_installments: -1, interest_tax: -0.01 })).toEqual([
      'max_installments: Número de parcelas não pode ser negativo',
      'interest_tax: Taxa de juros não pode ser negativa',
    ]);
    expect(messages({ max_installments: 1.5 })).toEqual(['max_installments: Número de parcelas inválido']);
    expect(messages({ name: 'x'.repeat(100), max_installments: 12, interest_tax: 2.99 })).toEqual([]);
  });

  it('a non-numeric entry becomes 0; interest keeps two decimals; online and active by default', () => {
    expect(paymentMethodFormSchema.parse({ ...valid, name: ' Cartão ', max_installments: NaN, interest_tax: NaN })).toEqual({ ...valid, name: 'Cartão' });
    expect(paymentMethodFormSchema.parse({ ...valid, interest_tax: 1.005 + 1 }).interest_tax).toBe(2.01);
    expect(paymentMethodToForm()).toEqual({ name: '', is_online_payment: true, max_installments: 0, interest_tax: 0, is_active: true });
  });

  it('reads interest_tax as a number also when the API sends a decimal string', () => {
    const p = paymentMethodSchema.parse({
      id: 1,
      documentId: 'a',
      name: 'Boleto',
      is_online_payment: false,
      max_installments: 0,
      interest_tax: '1.50',
      is_active: false,
    });
    expect(paymentMethodToForm(p)).toEqual({ name: 'Boleto', is_online_payment: false, max_installments: 0, interest_tax: 1.5, is_active: false });
  });

  it('lists with id and both flags $eq (booleans), name $containsi; Todos sends no filter', () => {
    expect(
      resourceListQuery(paymentMethodResource, {
        page: 1,
        pageSize: 10,
        sort: 'interest_tax:desc',
        filters: { id: '2', name: 'pix', is_online_payment: 'true', is_active: 'false' },
      }),
    ).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['interest_tax:desc'],
      filters: { id: { $eq: '2' }, name: { $containsi: 'pix' }, is_online_payment: { $eq: true }, is_active: { $eq: false } },
    });
    expect(resourceListQuery(paymentMethodResource, { page: 1, pageSize: 10, sort: 'max_installments:asc' })).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['max_installments:asc'],
    });
  });
});

describe('payment method screens over the real route tree', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/payment-method/new: online and active by default, the spec messages, a non-numeric entry as 0, then POST {data}', async () => {
    const api = stubCollection('payment-methods');
    const router = await renderRoute('/payment-method/new', { permissions: ALL });
    expect(await screen.findByRole('heading', { name: 'Novo meio de pagamento' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pagamento online' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    const installments = screen.getByLabelText(/Número máximo de parcelas/);
    const interest = screen.getByLabelText(/Taxa de juros/);
    expect(interest).toHaveAttribute('step', '0.01');
    fireEvent.change(installments, { target: { value: '-1' } });
    fireEvent.change(interest, { target: { value: '-2' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Número de parcelas não pode ser negativo')).toBeInTheDocument();
    expect(screen.getByText('Taxa de juros não pode ser negativa')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nome/), 'Cartão de crédito');
    fireEvent.change(installments, { target: { value: '12' } });
    fireEvent.change(interest, { target: { value: 'abc' } });
    await user.click(screen.getByRole('switch', { name: 'Pagamento online' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      body: { data: { name: 'Cartão de crédito', is_online_payment: false, max_installments: 12, interest_tax: 0, is_active: true } },
    });
    expect(await screen.findByText('Meio de pagamento criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-methods'));
  }, 30_000);

  it('/payment-methods: rows with the flags and the interest as a percentage; a failed delete shows the spec text', async () => {
    stubCollection('payment-methods', {
      list: [{ id: 3, documentId: 'pm3', name: 'Boleto', is_online_payment: false, max_installments: 0, interest_tax: '2.5', is_active: true }],
      remove: 500,
    });
    await renderRoute('/payment-methods', { permissions: ALL });
    const row = (await screen.findByRole('cell', { name: 'Boleto' })).closest('tr')!;
    expect(row).toHaveTextContent('Não');
    expect(row).toHaveTextContent('2,50%');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível excluir o meio de pagamento.')).toBeInTheDocument();
  }, 30_000);

  it('/payment-methods: a failed list shows the empty list and its toast', async () => {
    stubCollection('payment-methods', { list: 500, message: 'falhou' });
    await renderRoute('/payment-methods', { permissions: ALL });
    expect(await screen.findByText('Erro ao carregar os meios de pagamento: falhou')).toBeInTheDocument();
    expect(screen.getByText('Nenhum item encontrado')).toBeInTheDocument();
  }, 30_000);

  it('/payment-method/{id}: a failed load toasts and returns to the list', async () => {
    stubCollection('payment-methods', { detail: 404, message: 'Not Found' });
    const router = await renderRoute('/payment-method/nope', { permissions: ALL });
    expect(await screen.findByText('Erro ao carregar meio de pagamento')).toBeInTheDocument();
    expect(screen.getByText('Meio de pagamento não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-methods'));
  }, 30_000);

  it('/payment-method/{id}: a loaded one is edited with PUT /payment-methods/{documentId}', async () => {
    const api = stubCollection('payment-methods', {
      detail: { id: 3, documentId: 'pm3', name: 'Boleto', is_online_payment: false, max_installments: 0, interest_tax: '1.25', is_active: true },
    });
    await renderRoute('/payment-method/pm3', { permissions: ALL });
    expect(await screen.findByLabelText(/Nome/)).toHaveValue('Boleto');
    expect(screen.getByLabelText(/Taxa de juros/)).toHaveValue(1.25);
    expect(screen.getByRole('switch', { name: 'Pagamento online' })).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      body: { data: { name: 'Boleto', is_online_payment: false, max_installments: 0, interest_tax: 1.25, is_active: false } },
    });
    expect(api.writes()[0]!.url).toContain('/api/payment-methods/pm3');
  }, 30_000);
});
