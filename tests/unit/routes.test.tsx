import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { can, renderRoute } from './helpers/render-route';

/**
 * The real route tree in jsdom (tests/unit/helpers/render-route.tsx): the `_app` guard reads each
 * route's `staticData.permission`, the menu shows what the role may open, /login keeps only
 * same-site redirects (spec 000 §2.1, §2.2, §4).
 */
describe('routes over the real tree', () => {
  it('opens a screen the role may open, with its menu entry', async () => {
    const router = await renderRoute('/customers', { permissions: can('customer', ['find']) });
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: /Clientes/ })).toHaveAttribute('href', '/customers');
    expect(within(nav).queryByRole('link', { name: /Usuários/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Pedidos/ })).toBeNull();
  });

  it('sends a signed-in user without the permission to the dashboard', async () => {
    // the dashboard itself needs user me (spec 000 §2.1), which every session holds
    const router = await renderRoute('/users', { permissions: { ...can('customer', ['find']), ...can('users-permissions', ['me'], true) } });
    await screen.findByRole('navigation');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Usuários' })).toBeNull();
  });

  it('opens /users with users-permissions user find', async () => {
    const router = await renderRoute('/users', { permissions: can('users-permissions', ['find', 'me'], true) });
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('sends nobody-signed-in to /login', async () => {
    const router = await renderRoute('/sales-orders', { permissions: null });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('/login?redirect=https://evil.example/ shows the sign-in form and drops the foreign redirect', async () => {
    const router = await renderRoute('/login?redirect=https://evil.example/', { permissions: null });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).toBeNull();
    expect((router.state.matches.at(-1)?.search as { redirect?: string } | undefined)?.redirect).toBeUndefined();
  });

  it('keeps a same-site redirect on /login', async () => {
    const router = await renderRoute('/login?redirect=%2Fsales-orders%3Fpage%3D2', { permissions: null });
    await screen.findByRole('button', { name: 'Entrar' });
    expect((router.state.matches.at(-1)?.search as { redirect?: string } | undefined)?.redirect).toBe('/sales-orders?page=2');
  });

  it('shows the not-found page for an unknown path', async () => {
    await renderRoute('/nao-existe', { permissions: can('customer', ['find']) });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});
