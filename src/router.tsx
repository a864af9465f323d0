import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { RouteError } from '@/components/layout/route-error';
import { SessionPlaceholder } from '@/components/layout/placeholder-page';
import type { Session } from '@/lib/session';
import { routeTree } from './routeTree.gen';

export { createQueryClient } from '@/lib/query-client';

/** The router, with the session and the QueryClient in its context. */
export function createAppRouter(queryClient: QueryClient, session: Session) {
  return createRouter({
    routeTree,
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
