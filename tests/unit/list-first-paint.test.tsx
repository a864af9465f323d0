import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubCollection } from './helpers/fake-collection';
import { can, renderRoute } from './helpers/render-route';

/**
 * LCP: a list route's loader starts the request but does not hold the screen, so the
 * frame (title, filters, 'Carregando...') paints while the list request is still under way; the
 * pager waits for the rows, so their arrival moves nothing.
 */
describe('list routes paint before their data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/sales-orders', 'sales-order', 'Pedidos'],
    ['/receivables', 'receivable', 'Contas a Receber'],
  ])('%s shows its frame while the list request has not answered', async (path, api, title) => {
    const pending: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes(`/api/${api}s?`) || url.includes(`/api/${api}s/`) || url.endsWith(`/api/${api}s`)) {
          pending.push(url);
          return new Promise<Response>(() => {}); // a slow network: never answers in this test
        }
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    await renderRoute(path, { permissions: can(api, ['find', 'findOne']) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByText('Carregando...').length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    // The pager comes with the rows, so their arrival does not push it down (CLS).
    expect(screen.queryByText('Visualizações por página')).toBeNull();
  });
});

/**
 * Total Blocking Time: on a phone the list body (TanStack Table, the cards) mounts in a deferred pass
 * and the rows render in one; every row still becomes a card, with its actions, and the pager
 * comes after them.
 */
describe('phone cards render in deferred passes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows all the rows as cards, then the pager', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} })),
    );
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      documentId: `c${i + 1}`,
      name: `Cliente ${i + 1}`,
      cpf_cnpj: '52998224725',
      email: null,
      phone_number: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    }));
    stubCollection('customers', { list: rows });
    await renderRoute('/customers', { permissions: can('customer', ['find', 'findOne', 'update', 'delete']) });
    const list = await screen.findByRole('list', { name: 'Clientes' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(within(list).getByText('Cliente 12')).toBeTruthy();
    expect(within(list).getAllByRole('link', { name: /editar/i })).toHaveLength(12);
    expect(screen.queryByText('Carregando...')).toBeNull();
    expect(await screen.findByText('Visualizações por página')).toBeTruthy();
  });
});
