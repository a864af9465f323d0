import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { SessionPlaceholder } from '@/components/layout/placeholder-page';
import type { QueryClientSource } from '@/lib/lazy-query-client';
import type { Session } from '@/lib/session';
import { routeTree } from './routeTree.gen';

/**
 * The router, with the session and the QueryClient in its context: the client itself (tests), or
 * its lazy source (main.tsx, lib/lazy-query-client.ts), which `_app` awaits before the signed-in
 * screens load. `history` defaults to the browser's; component tests pass a memory history
 * (tests/unit/helpers/render-route.tsx).
 */
export function createAppRouter(queryClient: QueryClient | QueryClientSource, session: Session, history?: RouterHistory) {
  const getQueryClient = typeof queryClient === 'function' ? queryClient : () => queryClient;
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { getQueryClient, session },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: SessionPlaceholder,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
