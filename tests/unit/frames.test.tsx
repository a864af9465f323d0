import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FormPage } from '@/components/layout/form-page';
import { ListPage, useListSearch, type ListColumn } from '@/components/layout/list';
import { Toaster } from '@/components/ui/toast';
import type { ListSearch } from '@/lib/list-search';
import type { PermissionTree } from '@/lib/permissions';
import { session } from '@/lib/session';

interface Customer {
  documentId: string;
  id: number;
  name: string;
  email: string;
}
const rows: Customer[] = [
  { documentId: 'a1', id: 1, name: 'Ana Souza', email: 'ana@x.com' },
  { documentId: 'b2', id: 2, name: 'Bruno Lima', email: 'bruno@x.com' },
];
const columns: ListColumn<Customer>[] = [
  { id: 'id', accessorKey: 'id', header: 'ID' },
  { id: 'name', accessorKey: 'name', header: 'Nome' },
  { id: 'email', accessorKey: 'email', header: 'Email', enableSorting: false },
];
const allCustomer: PermissionTree = {
  'api::customer': { controllers: { customer: { find: { enabled: true }, create: { enabled: true }, update: { enabled: true }, delete: { enabled: true } } } },
};
const readOnly: PermissionTree = { 'api::customer': { controllers: { customer: { find: { enabled: true } } } } };

/**
 * Signs in through the real session code: with a stored token, user and permissions and no
 * server to answer (jsdom has none), session start falls back to the stored values.
 */
async function signInOffline(permissions: PermissionTree) {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: 1, username: '52998224725', name: 'Ana', type: 'admin', role: { id: 1, name: 'Administrador' } }));
  localStorage.setItem('permissions', JSON.stringify(permissions));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(() => session.start());
  expect(session.getState().status).toBe('authenticated');
}

/** Renders `ui` inside a memory router (the frames use Link/useNavigate) at `/`, with `/customers` as a sibling. */
function renderInRouter(ui: () => ReactNode) {
  const root = createRootRoute({
    staticData: { permission: 'public' },
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, staticData: { permission: 'public' }, path: '/', component: () => <>{ui()}</> });
  const list = createRoute({
    getParentRoute: () => root,
    staticData: { permission: 'public' },
    path: '/customers',
    component: () => <h1>Lista de clientes</h1>,
  });
  const router = createRouter({ routeTree: root.addChildren([home, list]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return router;
}

function ListHarness(props: {
  permissions?: PermissionTree;
  loading?: boolean;
  data?: Customer[];
  onDelete?: (c: Customer) => Promise<unknown>;
  onSearch?: (s: ListSearch) => void;
}) {
  const [search, setSearch] = useState<ListSearch>({ page: 1, pageSize: 10 });
  const controls = useListSearch({
    search,
    onSearchChange: (next) => {
      props.onSearch?.(next);
      setSearch(next);
    },
  });
  const list = {
    ...controls,
    rows: props.loading ? undefined : (props.data ?? rows),
    total: props.loading ? 0 : props.data ? props.data.length : 2,
    isLoading: Boolean(props.loading),
  };
  return (
    <ListPage<Customer>
      title="Clientes"
      permissionBase={{ api: 'customer', controller: 'customer' }}
      list={list}
      columns={columns}
      getRowId={(c) => c.documentId}
      newTo={{ to: '/customer/new' }}
      editTo={(c) => ({ to: '/customer/$id', params: { id: c.documentId } })}
      onDelete={props.onDelete ?? (async () => {})}
      filterFields={[{ name: 'name', label: 'Nome' }]}
      sortOptions={[
        { value: 'id', label: 'ID' },
        { value: 'name', label: 'Nome' },
      ]}
    />
  );
}

beforeEach(() => {
  session.logout();
});

describe('ListPage (spec 000 §2.4)', () => {
  it('shows loading without the pager (rows arriving would push it: CLS), then rows with the range text and the page-size options', async () => {
    await signInOffline(allCustomer);
    renderInRouter(() => <ListHarness loading />);
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Visualizações por página')).toBeNull();
    cleanup();

    renderInRouter(() => <ListHarness />);
    expect(await screen.findByText('1-2 de 2 itens')).toBeInTheDocument();
    const select = screen.getByLabelText('Visualizações por página');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '20', '50']);
    expect(select).toHaveValue('10');
  });

  it('says Nenhum item encontrado for an empty page', async () => {
    await signInOffline(allCustomer);
    renderInRouter(() => <ListHarness data={[]} />);
    expect(await screen.findByText('Nenhum item encontrado')).toBeInTheDocument();
  });

  it('offers new, edit and delete only with create, update and delete', async () => {
    await signInOffline(allCustomer);
    renderInRouter(() => <ListHarness />);
    expect(await screen.findByText('1-2 de 2 itens')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Novo/ })).toHaveAttribute('href', '/customer/new');
    expect(screen.getAllByRole('link', { name: 'Editar' }).map((a) => a.getAttribute('href'))).toEqual(['/customer/a1', '/customer/b2']);
    expect(screen.getAllByRole('button', { name: 'Excluir' })).toHaveLength(2);
  });

  it('hides them from a user who may only read', async () => {
    await signInOffline(readOnly);
    renderInRouter(() => <ListHarness />);
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it('asks Confirmar exclusão before deleting, with the exact texts', async () => {
    await signInOffline(allCustomer);
    const onDelete = vi.fn(async () => {});
    renderInRouter(() => <ListHarness onDelete={onDelete} />);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Excluir' }))[1]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmar exclusão' });
    expect(within(dialog).getByText('Tem certeza que deseja excluir este item? Esta ação não pode ser desfeita.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: 'Excluir' })[1]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(rows[1]));
  });

  it('filters the current page on the client with the search box', async () => {
    await signInOffline(allCustomer);
    renderInRouter(() => <ListHarness />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar' }), 'bruno');
    expect(screen.queryByText('Ana Souza')).toBeNull();
    expect(screen.getByText('Bruno Lima')).toBeInTheDocument();
  });

  it('goes back to page 1 on a new page size, filter or sort', async () => {
    await signInOffline(allCustomer);
    const onSearch = vi.fn();
    renderInRouter(() => <ListHarness onSearch={onSearch} data={Array.from({ length: 10 }, (_, i) => ({ ...rows[0]!, documentId: `d${i}`, id: i }))} />);
    const user = userEvent.setup();
    // the harness reports total = 10; move to page 2 first with 5 per page
    await user.selectOptions(await screen.findByLabelText('Visualizações por página'), '5');
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, pageSize: 5 });
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: 2, pageSize: 5 });
    await user.click(screen.getByRole('button', { name: /^Nome/ }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, pageSize: 5, sort: 'name:asc' });
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await user.click(screen.getByRole('button', { name: /Filtros de busca/ }));
    await user.type(screen.getByLabelText('Nome'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, pageSize: 5, sort: 'name:asc', filters: { name: 'ana' } });
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(onSearch).toHaveBeenLastCalledWith({ page: 1, pageSize: 5 });
  }, 20_000); // many clicks: slow on a loaded machine
});

describe('FormPage (spec 000 §2.5)', () => {
  it('shows Salvar, then Salvando... while submitting, and Cancelar goes back to the list', async () => {
    await signInOffline(allCustomer);
    const router = renderInRouter(() => (
      <FormPage title="Novo cliente" backTo={{ to: '/customers' }} onSubmit={() => {}} isSubmitting={false}>
        <input aria-label="Nome" />
      </FormPage>
    ));
    expect(await screen.findByRole('heading', { name: 'Novo cliente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('disables both buttons and reads Salvando... while submitting', async () => {
    await signInOffline(allCustomer);
    renderInRouter(() => (
      <FormPage title="Editar cliente" backTo={{ to: '/customers' }} onSubmit={() => {}} isSubmitting>
        <input aria-label="Nome" />
      </FormPage>
    ));
    expect(await screen.findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });

  it('a failed load shows the error toast and returns to the list', async () => {
    await signInOffline(allCustomer);
    const router = renderInRouter(() => (
      <FormPage
        title="Editar cliente"
        backTo={{ to: '/customers' }}
        onSubmit={() => {}}
        loadError={new Error('404')}
        loadErrorTitle="Erro"
        loadErrorDescription="Não foi possível carregar o cliente"
      >
        <input aria-label="Nome" />
      </FormPage>
    ));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(await screen.findByText('Não foi possível carregar o cliente')).toBeInTheDocument();
  });
});
