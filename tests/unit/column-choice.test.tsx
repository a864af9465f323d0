import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage, useListSearch, type ListColumn } from '@/components/layout/list';
import {
  columnChoiceKey,
  columnVisibility,
  hiddenColumnIds,
  hiddenCountText,
  NO_CHOICE,
  parseColumnChoice,
  readColumnChoice,
  setColumnVisible,
  writeColumnChoice,
} from '@/components/layout/list/column-choice';
import type { ListSearch } from '@/lib/list-search';
import { session } from '@/lib/session';

describe('the column choice (pure state)', () => {
  it('ticking keeps a column on the table (shown), unticking hides it; one id is never in both lists', () => {
    let choice = setColumnVisible(NO_CHOICE, 'seller', false);
    expect(choice).toEqual({ hidden: ['seller'], shown: [] });
    choice = setColumnVisible(choice, 'dispatcher', true);
    expect(choice).toEqual({ hidden: ['seller'], shown: ['dispatcher'] });
    choice = setColumnVisible(choice, 'seller', true);
    expect(choice).toEqual({ hidden: [], shown: ['dispatcher', 'seller'] });
    choice = setColumnVisible(choice, 'dispatcher', false);
    expect(choice).toEqual({ hidden: ['dispatcher'], shown: ['seller'] });
    expect(columnVisibility(choice)).toEqual({ dispatcher: false });
  });

  it('counts what is off the table in column order: hidden by the user or for want of width, ids of the list only', () => {
    const ids = ['id', 'billing_date', 'dispatcher', 'company', 'seller', 'status_in'];
    const choice = { hidden: ['company', 'gone'], shown: ['dispatcher'] };
    expect(hiddenColumnIds(ids, choice, ['seller', 'company'])).toEqual(['company', 'seller']);
    expect(hiddenColumnIds(ids, NO_CHOICE, [])).toEqual([]);
    expect(hiddenCountText(1)).toBe('1 oculta');
    expect(hiddenCountText(2)).toBe('2 ocultas');
  });

  it('reads a stored choice defensively: bad shapes are no choice, duplicates go, hidden wins over shown', () => {
    expect(parseColumnChoice(null)).toBe(NO_CHOICE);
    expect(parseColumnChoice('seller')).toBe(NO_CHOICE);
    expect(parseColumnChoice({ hidden: 'seller' })).toBe(NO_CHOICE);
    expect(parseColumnChoice({ hidden: ['a', 'a', 3, ''], shown: ['a', 'b'] })).toEqual({ hidden: ['a'], shown: ['b'] });
  });

  it('is stored per user and per list, and no choice removes the key', () => {
    const mine = columnChoiceKey(1, '/sales-orders');
    const theirs = columnChoiceKey(2, '/sales-orders');
    const otherList = columnChoiceKey(1, '/receivables');
    expect(new Set([mine, theirs, otherList]).size).toBe(3);
    writeColumnChoice(mine, { hidden: ['seller'], shown: [] });
    expect(readColumnChoice(mine)).toEqual({ hidden: ['seller'], shown: [] });
    expect(readColumnChoice(theirs)).toBe(NO_CHOICE);
    expect(readColumnChoice(otherList)).toBe(NO_CHOICE);
    localStorage.setItem(theirs, '{not json');
    expect(readColumnChoice(theirs)).toBe(NO_CHOICE);
    writeColumnChoice(mine, NO_CHOICE);
    expect(localStorage.getItem(mine)).toBeNull();
  });
});

interface Row {
  documentId: string;
  id: number;
  name: string;
  email: string;
}
const rows: Row[] = [{ documentId: 'a1', id: 1, name: 'Ana Souza', email: 'ana@x.com' }];
const columns: ListColumn<Row>[] = [
  { id: 'id', accessorKey: 'id', header: 'ID' },
  { id: 'name', accessorKey: 'name', header: 'Nome' },
  { id: 'email', accessorKey: 'email', header: 'Email', meta: { priority: 2 } },
];

/** Signs `userId` in through the real session (stored token, user and permissions; no server in jsdom). */
async function signInOffline(userId: number) {
  session.logout();
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: userId, username: '52998224725', name: 'Ana', type: 'admin', role: { id: 1, name: 'Administrador' } }));
  localStorage.setItem('permissions', JSON.stringify({}));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(() => session.start());
}

function Harness() {
  const [search, setSearch] = useState<ListSearch>({ page: 1, pageSize: 10 });
  const controls = useListSearch({ search, onSearchChange: setSearch });
  return (
    <ListPage<Row>
      title="Clientes"
      permissionBase={{ api: 'customer', controller: 'customer' }}
      columnsKey="/customers"
      list={{ ...controls, rows, total: 1, isLoading: false }}
      columns={columns}
      getRowId={(r) => r.documentId}
    />
  );
}

function renderList() {
  const root = createRootRoute({ staticData: { permission: 'public' } });
  const home = createRoute({ getParentRoute: () => root, staticData: { permission: 'public' }, path: '/', component: Harness });
  const router = createRouter({ routeTree: root.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

const header = (name: string) => screen.queryByRole('columnheader', { name });

describe("'Colunas' on a list", () => {
  beforeEach(() => {
    session.logout();
    // jsdom lays nothing out and has no ResizeObserver, which the panel's positioning (floating-ui) watches with
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hides a column from the panel, counts it on the button, stores it for the user, and gives focus back on Escape', async () => {
    await signInOffline(7);
    renderList();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Colunas' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Colunas' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'ID' })).toHaveFocus());

    await user.click(within(panel).getByRole('checkbox', { name: 'Email' }));
    expect(header('Email')).toBeNull();
    expect(header('Nome')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Colunas 1 oculta' })).toBe(button);
    expect(JSON.parse(localStorage.getItem(columnChoiceKey(7, '/customers'))!)).toEqual({ hidden: ['email'], shown: [] });

    // two left: the last one on the table cannot be unticked
    await user.click(within(panel).getByRole('checkbox', { name: 'Nome' }));
    expect(within(panel).getByRole('checkbox', { name: 'ID' })).toBeDisabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Colunas' })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("reads each user's own choice, and 'Restaurar padrão' forgets it", async () => {
    writeColumnChoice(columnChoiceKey(7, '/customers'), { hidden: ['email'], shown: [] });
    await signInOffline(8);
    const view = renderList();
    expect(await screen.findByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    expect(header('Email')).not.toBeNull();
    view.unmount();

    await signInOffline(7);
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Colunas 1 oculta' }));
    expect(header('Email')).toBeNull();
    const panel = await screen.findByRole('dialog', { name: 'Colunas' });
    expect(within(panel).getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Restaurar padrão' }));
    expect(header('Email')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    expect(localStorage.getItem(columnChoiceKey(7, '/customers'))).toBeNull();
  });
});
