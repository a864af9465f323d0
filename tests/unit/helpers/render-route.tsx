import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { PermissionTree } from '@/lib/permissions';
import { session, type SessionUser } from '@/lib/session';
import { createQueryClient } from '@/lib/query-client';
import { refreshLookupsAfterWrites } from '@/app/lookups';
import { createAppRouter } from '@/router';

/** A signed-in user for {@link renderRoute}: the seeded administrator's shape by default. */
const DEFAULT_USER: SessionUser = {
  id: 1,
  username: '52998224725',
  name: 'Ana Admin',
  email: 'admin@balcao.local',
  type: 'admin',
  role: { id: 1, name: 'Administrador', type: 'administrador' },
} as SessionUser;

export interface RenderRouteOptions {
  /**
   * The signed-in role's permission tree (`{'api::x': {controllers: {x: {find: {enabled: true}}}}}`),
   * or null for nobody signed in.
   */
  permissions: PermissionTree | null;
  /** The signed-in user (default: an administrator). */
  user?: Partial<SessionUser>;
}

let stopLookups: (() => void) | undefined;

/**
 * The app's session started from browser storage as a warm start does (the user and `permissions`
 * stored; none when `permissions` is null), a QueryClient, and the app's real router at `path`
 * (path + search) on a memory history, not mounted; a write refreshes the cached lookups it changes: {@link renderRoute} mounts it; tests of the
 * boot (settle-router.test.tsx) drive it before mounting.
 */
export async function createTestApp(path: string, { permissions, user }: RenderRouteOptions) {
  session.logout();
  if (permissions) {
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user', JSON.stringify({ ...DEFAULT_USER, ...user }));
    localStorage.setItem('permissions', JSON.stringify(permissions));
  }
  // The failed users/me of the warm start logs to the console; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await act(() => session.start());
  const queryClient = createQueryClient({ onUnauthorized: () => session.logout() });
  // As main.tsx: a write that changes a cached lookup refreshes it (one test app at a time).
  stopLookups?.();
  stopLookups = refreshLookupsAfterWrites(() => queryClient);
  const router = createAppRouter(queryClient, session, createMemoryHistory({ initialEntries: [path] }));
  return { queryClient, router };
}

/**
 * Renders the app's real route tree (src/routeTree.gen.ts, the real `_app` guard, shell and menu)
 * at `path` (path + search) in jsdom, for component tests. The session is the
 * app's own, started from browser storage as a warm start does: with no server to answer
 * users/me, it keeps the stored user and `permissions`. Loaders that call the API fail as
 * offline; tests read what the screen shows for that. Returns the router (its `state.location`
 * tells where the guard sent the user).
 */
export async function renderRoute(path: string, options: RenderRouteOptions) {
  const { queryClient, router } = await createTestApp(path, options);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await act(() => router.load());
  return router;
}

/** `{find, create, …}` enabled on one content-type: `can('customer', ['find'])`. */
export function can(resource: string, actions: string[], plugin = false): PermissionTree {
  const key = plugin ? `plugin::${resource}` : `api::${resource}`;
  const controller = plugin ? 'user' : resource;
  return { [key]: { controllers: { [controller]: Object.fromEntries(actions.map((a) => [a, { enabled: true }])) } } } as PermissionTree;
}
