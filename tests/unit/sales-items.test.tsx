import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesItemResource } from '@/features/sales-items/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { PARTIAL_MESSAGE } from '@/features/sales-items/sales-item-form';
import { SUM_MESSAGE, formatItemValue, salesItemFormSchema, salesItemToForm, withoutAmounts } from '@/features/sales-items/schema';
import { stubCollection } from './helpers/fake-collection';
import { can, renderRoute } from './helpers/render-route';

/** Sales items (spec 001 §2 "Sales items", §5, §7, §8). */
const ALL = can('sales-item', ['find', 'findOne', 'create', 'update', 'delete']);
const LOOKUPS = {
  'vehicle-types': [{ id: 1, documentId: 'vt1', name: 'Automóvel', is_active: true }],
  states: [{ id: 25, documentId: 'sp', name: 'São Paulo', abbreviation: 'SP' }],
};
const valid = {
  ...salesItemToForm(),
  name: 'Emplacamento',
  price: 100,
  vehicle_documentation_company_amount: 60,
  vehicle_sales_company_amount: 30,
  platform_amount: 10,
  vehicle_type_id: 1,
  state_id: 25,
};

describe('sales item form schema', () => {
  const messages = (values: Partial<typeof valid>) => {
    const result = salesItemFormSchema.safeParse({ ...valid, ...values });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('defaults to a fixed value with zeros and the flags off', () => {
    expect(salesItemToForm()).toMatchObject({ billing_type: 'fixed_value', price: 0, vehicle_type_id: 0, state_id: 0, is_state_tax: false, is_ipva: false });
  });

  it('needs the name, both selects and non-negative amounts, with the spec texts', () => {
    expect(messages({ name: 'E', vehicle_type_id: 0, state_id: 0 })).toEqual([
      'name: Nome é obrigatório',
      'vehicle_type_id: Tipo de veículo é obrigatório',
      'state_id: Estado é obrigatório',
    ]);
    expect(messages({ price: -1, vehicle_documentation_company_amount: -1 })).toContain('price: Preço não pode ser negativo');
    expect(messages({ name: 'x'.repeat(101) })).toEqual(['name: Nome deve ter no máximo 100 caracteres']);
  });

  it('reports on the price a sum that differs by more than 0.01, and accepts 0.01', () => {
    expect(messages({ platform_amount: 9.98 })).toEqual([`price: ${SUM_MESSAGE}`]);
    expect(messages({ platform_amount: 9.99 })).toEqual([]);
    expect(messages({ platform_amount: 10.01 })).toEqual([]);
    expect(messages({ platform_amount: 10.02 })).toEqual([`price: ${SUM_MESSAGE}`]);
  });

  it('sends relations as ids and an empty description as null; the retry body drops the three amounts', () => {
    const payload = salesItemFormSchema.parse({ ...valid, description: ' ' });
    expect(payload).toMatchObject({ name: 'Emplacamento', description: null, vehicle_type_id: 1, state_id: 25, price: 100 });
    expect(Object.keys(withoutAmounts(payload))).not.toContain('platform_amount');
    expect(withoutAmounts(payload)).toMatchObject({ price: 100, vehicle_type_id: 1 });
  });

  it('shows fixed values in BRL and percentages followed by %', () => {
    expect(formatItemValue(150.5, 'fixed_value').replace(/\s/g, ' ')).toBe('R$ 150,50');
    expect(formatItemValue(2.5, 'percentage')).toBe('2,5%');
  });

  it('lists with populate=*, $eq on numbers, flags (booleans) and billing_type, $containsi on the name', () => {
    expect(
      resourceListQuery(salesItemResource, {
        page: 1,
        pageSize: 10,
        sort: 'price:desc',
        filters: { name: 'empl', price: '150,50', is_state_tax: 'true', is_ipva: 'false', billing_type: 'percentage' },
      }),
    ).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['price:desc'],
      filters: {
        name: { $containsi: 'empl' },
        price: { $eq: '150.50' },
        is_state_tax: { $eq: true },
        is_ipva: { $eq: false },
        billing_type: { $eq: 'percentage' },
      },
      populate: '*',
    });
  });
});

describe('sales item screens over the real route tree', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/sales-item/new: editing the price moves it to the dispatcher amount; the summary warns while the sum differs; the save is refused on the price', async () => {
    const api = stubCollection('sales-items', { lookups: LOOKUPS });
    const router = await renderRoute('/sales-item/new', { permissions: ALL });
    expect(await screen.findByRole('heading', { name: 'Novo item para venda' })).toBeInTheDocument();
    expect(screen.getByText('Obrigatório também para itens de imposto estadual.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Tipo de veículo é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Estado é obrigatório')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nome/), 'Emplacamento');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Automóvel' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Tipo de veículo/), 'Automóvel');
    await waitFor(() => expect(screen.getByRole('option', { name: 'SP - São Paulo' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Estado/), 'SP - São Paulo');
    fireEvent.change(screen.getByLabelText(/^Valor Plataforma/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Preço/), { target: { value: '150' } });
    expect(screen.getByLabelText(/^Valor Despachante/)).toHaveValue(150);
    expect(screen.getByLabelText(/^Valor Plataforma/)).toHaveValue(0);
    const summary = within(screen.getByRole('region', { name: 'Resumo dos valores' }));
    expect(summary.queryByRole('status')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Valor Concessionária/), { target: { value: '20' } });
    expect(summary.getByRole('status')).toHaveTextContent(/A soma dos valores \(R\$\s170,00\) difere do preço \(R\$\s150,00\)/);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(SUM_MESSAGE)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Valor Despachante/), { target: { value: '130' } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      body: {
        data: {
          name: 'Emplacamento',
          price: 150,
          vehicle_documentation_company_amount: 130,
          vehicle_sales_company_amount: 20,
          platform_amount: 0,
          vehicle_type_id: 1,
          state_id: 25,
          billing_type: 'fixed_value',
        },
      },
    });
    expect(await screen.findByText('Item para venda criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales-items'));
  }, 40_000);

  it("/sales-item/{id}: an 'Invalid key' answer is retried without the amounts and toasts 'Sucesso (Parcial)'", async () => {
    const api = stubCollection('sales-items', {
      lookups: LOOKUPS,
      detail: {
        id: 7,
        documentId: 'si7',
        name: 'Taxa',
        price: '2.5',
        billing_type: 'percentage',
        vehicle_documentation_company_amount: '2.5',
        vehicle_sales_company_amount: 0,
        platform_amount: 0,
        vehicle_type_id: { id: 1, name: 'Automóvel' },
        state_id: { id: 25, name: 'São Paulo', abbreviation: 'SP' },
      },
      failFirstWrite: { status: 400, message: 'Invalid key vehicle_documentation_company_amount' },
    });
    await renderRoute('/sales-item/si7', { permissions: ALL });
    expect(await screen.findByLabelText(/^Nome/)).toHaveValue('Taxa');
    expect(within(screen.getByRole('region', { name: 'Resumo dos valores' })).getAllByText('2,5%')).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[0]!.body).toMatchObject({ data: { vehicle_documentation_company_amount: 2.5 } });
    expect(api.writes()[1]).toMatchObject({ method: 'PUT', body: { data: { name: 'Taxa', price: 2.5, billing_type: 'percentage' } } });
    expect(Object.keys((api.writes()[1]!.body as { data: object }).data)).not.toContain('vehicle_documentation_company_amount');
    expect(await screen.findByText('Sucesso (Parcial)')).toBeInTheDocument();
    expect(screen.getByText(PARTIAL_MESSAGE)).toBeInTheDocument();
  }, 30_000);

  it('/sales-items: fixed prices in BRL, percentages with %; a failed delete shows the spec text', async () => {
    stubCollection('sales-items', {
      list: [
        { id: 1, documentId: 'a', name: 'Emplacamento', price: 150, billing_type: 'fixed_value', state_id: { id: 25, name: 'São Paulo', abbreviation: 'SP' } },
        { id: 2, documentId: 'b', name: 'Comissão', price: '2.5', billing_type: 'percentage', is_state_tax: true },
      ],
      remove: 500,
    });
    await renderRoute('/sales-items', { permissions: ALL });
    const fixed = (await screen.findByRole('cell', { name: 'Emplacamento' })).closest('tr')!;
    expect(fixed.textContent?.replace(/\s/g, ' ')).toContain('R$ 150,00');
    expect(screen.getByRole('cell', { name: 'Comissão' }).closest('tr')).toHaveTextContent('2,5%');
    const user = userEvent.setup();
    await user.click(within(fixed).getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível excluir o item para venda.')).toBeInTheDocument();
  }, 30_000);

  it('/sales-items: a failed list shows the empty list and its toast; /sales-item/{id} load failure returns to the list', async () => {
    stubCollection('sales-items', { list: 500, message: 'falhou', detail: 404 });
    const router = await renderRoute('/sales-item/nope', { permissions: ALL });
    expect(await screen.findByText('Erro ao carregar item para venda')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales-items'));
    expect(await screen.findByText('Erro ao carregar os itens para venda: falhou')).toBeInTheDocument();
    expect(screen.getByText('Nenhum item encontrado')).toBeInTheDocument();
  }, 30_000);
});
