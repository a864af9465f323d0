import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTHING_OFFLINE_TEXT, listQueryView } from '@/components/layout/list';
import { customerData } from '@/features/customers/api';
import { ApiError } from '@/lib/api';
import { can, createTestApp, renderRoute } from './helpers/render-route';
import { stubCollection } from './helpers/fake-collection';

/**
 * A list whose request failed: an answer of the server that is a failure is the spec's empty list
 * (its toast beside it); no answer at all (offline, a server out of reach) never is — the cached
 * rows stay, or the list says it has nothing offline for the page.
 */

const noAnswer = new ApiError({ status: 0, message: 'Falha de conexão com o servidor' });
const serverError = new ApiError({ status: 500, message: 'Falha', hasServerMessage: true });
const page = { data: [{ id: 1 }] };

describe('listQueryView', () => {
  it('keeps cached data after no answer, says nothing offline without it, and shows the empty list for a server failure', () => {
    expect(listQueryView({ status: 'success', fetchStatus: 'idle', data: page, error: null })).toMatchObject({
      data: page,
      failed: false,
      nothingOffline: false,
    });
    expect(listQueryView({ status: 'error', fetchStatus: 'idle', data: page, error: noAnswer })).toMatchObject({
      data: page,
      failed: false,
      nothingOffline: false,
    });
    expect(listQueryView({ status: 'error', fetchStatus: 'idle', data: undefined, error: noAnswer })).toMatchObject({ data: undefined, nothingOffline: true });
    // A fetch TanStack holds while offline ('paused'), with nothing cached.
    expect(listQueryView({ status: 'pending', fetchStatus: 'paused', data: undefined, error: null })).toMatchObject({ nothingOffline: true, isLoading: false });
    expect(listQueryView({ status: 'error', fetchStatus: 'idle', data: page, error: serverError })).toMatchObject({
      data: undefined,
      failed: true,
      nothingOffline: false,
    });
    const invalid = new ApiError({ status: 0, code: 'InvalidResponse', message: 'Resposta inesperada do servidor' });
    expect(listQueryView({ status: 'error', fetchStatus: 'idle', data: undefined, error: invalid })).toMatchObject({ failed: true, nothingOffline: false });
    expect(listQueryView({ status: 'pending', fetchStatus: 'fetching', data: undefined, error: null })).toMatchObject({
      isLoading: true,
      nothingOffline: false,
    });
  });
});

describe('a list screen whose request gets no answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with nothing cached says it has nothing offline for the page, with no "Nenhum item encontrado" nor "0 itens"', async () => {
    await renderRoute('/customers', { permissions: can('customer', ['find']) }); // no server: no answer
    expect(await screen.findByText(NOTHING_OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Nenhum item encontrado')).toBeNull();
    expect(screen.queryByText(/\b0 itens/)).toBeNull();
  }, 30_000);

  it('with the page cached shows the cached rows, not an empty page', async () => {
    const { queryClient, router } = await createTestApp('/customers', { permissions: can('customer', ['find']) });
    const key = customerData.list(customerData.listInput({ page: 1, pageSize: 10 })).queryKey;
    const row = { id: 8, documentId: 'c8', name: 'Maria Silva', cpf_cnpj: '52998224725', email: null, phone_number: '11987654321' };
    // Restored from the persisted cache an hour ago: stale, so the screen refetches, and that fails.
    queryClient.setQueryData(key, { data: [row], meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } } } as never, {
      updatedAt: Date.now() - 3_600_000,
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await act(() => router.load());
    await vi.waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('error'));
    expect(await screen.findByRole('cell', { name: 'Maria Silva' })).toBeInTheDocument();
    expect(screen.getByText('1-1 de 1 itens')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum item encontrado')).toBeNull();
  }, 30_000);

  it('a failure the server answered still shows the spec empty list', async () => {
    stubCollection('customers', { list: 500, message: 'falhou' });
    await renderRoute('/customers', { permissions: can('customer', ['find']) });
    expect(await screen.findByText('Erro ao carregar os clientes: falhou')).toBeInTheDocument();
    expect(screen.getByText('Nenhum item encontrado')).toBeInTheDocument();
    expect(screen.queryByText(NOTHING_OFFLINE_TEXT)).toBeNull();
  }, 30_000);
});
