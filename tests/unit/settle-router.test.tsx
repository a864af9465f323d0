import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, type AnyRouter } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleRouter } from '@/app/settle-router';
import { session } from '@/lib/session';
import { can, createTestApp } from './helpers/render-route';

/** Counts the router's loads (each starts with `onBeforeLoad`) from now on. */
function countLoads(router: AnyRouter) {
  const loads: string[] = [];
  router.subscribe('onBeforeLoad', (e) => loads.push(e.toLocation.href));
  return loads;
}

afterEach(() => {
  session.logout();
  vi.restoreAllMocks();
});

describe('settleRouter (the first render waits for the router, not the other way round)', () => {
  it('loads a list once: its canonical URL (validateSearch defaults) before mounting, nothing after', async () => {
    const { router, queryClient } = await createTestApp('/sales-orders', { permissions: can('sales-order', ['find', 'findOne']) });
    const loads = countLoads(router);
    await settleRouter(router);
    expect(router.state.location.href).toBe('/sales-orders?page=1&pageSize=10');
    expect(router.state.status).toBe('idle');
    expect(loads).toEqual(['/sales-orders?page=1&pageSize=10']);

    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Pedidos' })).toBeInTheDocument();
    // the mounted Transitioner found the location resolved: no second load (and so no
    // synchronous re-render of every step of it). It decides in its layout effect, which ran
    // when React committed the first render: a load it started would be counted by now.
    expect(loads).toHaveLength(1);
  });

  it('follows a redirect before mounting (signed out → /login)', async () => {
    const { router } = await createTestApp('/sales-orders', { permissions: null });
    await settleRouter(router);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('resolves after pendingMs when a loader is still waiting (slow network), and the load ends after mounting', async () => {
    let finish!: () => void;
    const root = createRootRoute();
    const slow = createRoute({
      getParentRoute: () => root,
      path: '/',
      staticData: { permission: 'public' },
      loader: () => new Promise<void>((resolve) => (finish = resolve)),
      component: () => <p>carregado</p>,
      pendingComponent: () => <p>aguardando</p>,
      pendingMs: 0,
    });
    const router = createRouter({ routeTree: root.addChildren([slow]), history: createMemoryHistory({ initialEntries: ['/'] }) });
    const started = Date.now();
    await settleRouter(router, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(router.state.status).toBe('pending');
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('aguardando')).toBeInTheDocument();
    await act(async () => finish());
    expect(await screen.findByText('carregado')).toBeInTheDocument();
  });
});
