import { createQueryClient } from '@/lib/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { Toaster } from '@/components/ui/toast';
import { ReceivableForm } from '@/features/receivables/receivable-form';

/** A tiny fake of the API the form calls: the select lists, and POST /receivables recorded. */
function fakeApi() {
  const posts: Array<{ url: string; body: unknown; headers: Headers }> = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const page = (data: unknown[]) => ({ data, meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: data.length } } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'POST' && url.includes('/receivables')) {
      posts.push({ url, body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) });
      return json({ data: { id: 99, documentId: 'new99', amount_original: 150, status_in: 'pending' } }, 201);
    }
    if (url.includes('/users') && url.includes('dispatcher')) return json(page([{ id: 7, username: 'desp', name: 'Despachante Um' }]));
    if (url.includes('/users') && url.includes('company')) return json(page([{ id: 5, username: 'loja', name: 'Loja Centro' }]));
    if (url.includes('/sales-orders')) return json(page([{ id: 42, documentId: 'o42' }]));
    if (url.includes('/payment-methods')) return json(page([{ id: 1, name: 'PIX' }]));
    return json({ data: [] }, 404);
  });
  return { fetchMock, posts };
}

function renderForm() {
  // The app's client: its MutationCache shows the save toasts from `meta`.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const root = createRootRoute({ staticData: { permission: 'public' }, component: () => <Outlet /> });
  const form = createRoute({
    getParentRoute: () => root,
    staticData: { permission: 'public' },
    path: '/receivables/new',
    component: () => <ReceivableForm mode="new" />,
  });
  const list = createRoute({
    getParentRoute: () => root,
    staticData: { permission: 'public' },
    path: '/receivables',
    component: () => <h1>Lista de recebimentos</h1>,
  });
  const router = createRouter({ routeTree: root.addChildren([form, list]), history: createMemoryHistory({ initialEntries: ['/receivables/new'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('Novo recebimento form (spec 001 §5)', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi();
    vi.stubGlobal('fetch', api.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages for an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('heading', { name: 'Novo recebimento' });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Número do documento é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Valor deve ser maior que zero')).toBeInTheDocument();
    expect(screen.getByText('CPF/CNPJ obrigatório')).toBeInTheDocument();
    expect(screen.getAllByText('Selecione um item válido')).toHaveLength(3);
    expect(api.posts).toHaveLength(0);
  });

  it('defaults to Pendente, today and 0 instalments', async () => {
    renderForm();
    await screen.findByRole('heading', { name: 'Novo recebimento' });
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText(/Número de Parcelas/)).toHaveValue(0);
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(screen.getByLabelText(/Data de Pagamento/)).toHaveValue(iso);
    expect(screen.getByLabelText('Meio de Pagamento')).toHaveValue('');
  });

  it('refuses a negative instalment count', async () => {
    const user = userEvent.setup();
    renderForm();
    const parcelas = await screen.findByLabelText(/Número de Parcelas/);
    fireEvent.change(parcelas, { target: { value: '-2' } });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Número de parcelas não pode ser negativo')).toBeInTheDocument();
  });

  it('creates a valid receivable in reais with an Idempotency-Key and returns to the list', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await screen.findByRole('heading', { name: 'Novo recebimento' });
    await user.type(screen.getByLabelText(/Número do Documento/), 'NF-123');
    await user.type(screen.getByLabelText(/Valor Nominal/), '15050');
    await waitFor(() => expect(screen.getByRole('option', { name: '#42' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Pedido/), '#42');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Despachante Um' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Despachante/), 'Despachante Um');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Loja Centro' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Concessionária/), 'Loja Centro');
    await user.type(screen.getByLabelText(/CPF\/CNPJ do Cliente/), '11144477735');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    const { body, headers } = api.posts[0]!;
    expect(body).toMatchObject({
      data: {
        document_number: 'NF-123',
        amount_original: 150.5,
        sales_order: 42,
        pedido_id: 42,
        user_dispatcher_id: 7,
        user_company_id: 5,
        cpf_cnpj_cliente: '11144477735',
        status_in: 'pending',
        installments: 0,
      },
    });
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Recebimento criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/receivables'));
  }, 20_000); // types every field: slow on a loaded machine
});
