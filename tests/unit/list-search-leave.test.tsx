import { Link, Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, useNavigate, useSearch } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListSearch } from '@/components/layout/list';
import type { ListSearch } from '@/lib/list-search';

/**
 * A search typed on a list and a link clicked before the search box's pause is over: the user
 * lands where the link points. The list stays mounted while the next page loads (its route's
 * chunk and loader), so the box's late navigation would take the user back to the list
 * (despachantes.spec "Novo after clearing a filter", under load).
 */

/** A list at /despachantes wired to the URL as the list routes are, and /despachante/new whose loader waits for `release`. */
function renderList() {
  let release: () => void = () => {};
  const loading = new Promise<void>((resolve) => (release = resolve));
  const root = createRootRoute({ staticData: { permission: 'public' }, component: () => <Outlet /> });
  function List() {
    const search = useSearch({ strict: false }) as ListSearch;
    const navigate = useNavigate({ from: '/despachantes' });
    const controls = useListSearch({ search, onSearchChange: (next) => void navigate({ search: next }) });
    return (
      <>
        <h1>Lista</h1>
        <input type="search" aria-label="Buscar" value={controls.searchText} onChange={(e) => controls.setSearchText(e.target.value)} />
        <Link to="/despachante/new">Novo</Link>
      </>
    );
  }
  const list = createRoute({
    getParentRoute: () => root,
    staticData: { permission: 'public' },
    path: '/despachantes',
    validateSearch: (s: Record<string, unknown>): ListSearch => ({ page: 1, pageSize: 10, ...(typeof s.q === 'string' ? { q: s.q } : {}) }),
    component: List,
  });
  const form = createRoute({
    getParentRoute: () => root,
    staticData: { permission: 'public' },
    path: '/despachante/new',
    loader: () => loading,
    component: () => <h1>Novo registro</h1>,
  });
  const router = createRouter({ routeTree: root.addChildren([list, form]), history: createMemoryHistory({ initialEntries: ['/despachantes'] }) });
  render(<RouterProvider router={router as never} />);
  return { router, release };
}

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('useListSearch: leaving the list while a search waits', () => {
  it('a link clicked before the pause ends wins: the late search does not take the user back to the list', async () => {
    const { router, release } = renderList();
    const box = await screen.findByRole('searchbox', { name: 'Buscar' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('link', { name: 'Novo' }));
    // the next page is still loading, so the list is still mounted when the pause ends
    expect(screen.getByRole('heading', { name: 'Lista' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    vi.useRealTimers();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Novo registro' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/despachante/new');
    expect(router.state.location.search).toEqual({});
  });

  it('a search that stays on the list still reaches the URL after the pause', async () => {
    const { router } = renderList();
    const box = await screen.findByRole('searchbox', { name: 'Buscar' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(box, { target: { value: 'ana' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).not.toHaveProperty('q');
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'ana' }));
    expect(router.state.location.pathname).toBe('/despachantes');
  });
});
