import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { SessionPlaceholder } from '@/components/layout/placeholder-page';
import type { Session } from '@/lib/session';
import { routeTree } from './routeTree.gen';

export { createQueryClient } from '@/lib/query-client';

/**
 * The router, with the session and the QueryClient in its context. `history` defaults to the
 * browser's; component tests pass a memory history (tests/unit/render-route.tsx).
 */
export function createAppRouter(queryClient: QueryClient, session: Session, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, session },
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
