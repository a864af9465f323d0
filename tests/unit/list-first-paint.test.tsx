import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { can, renderRoute } from './helpers/render-route';

/**
 * Issue 13 (LCP): a list route's loader starts the request but does not hold the screen, so the
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
