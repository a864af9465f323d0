import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/not-found';
import { SessionPlaceholder } from '@/components/layout/placeholder-page';
import type { Session } from '@/lib/session';
import { routeTree } from './routeTree.gen';

/** The React Query client: lists stay fresh for 30 s; one retry; no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // gcTime = the persisted cache's maxAge (lib/offline/persister.ts QUERY_CACHE_MAX_AGE, 7 days): an
      // unused query would otherwise leave memory, and so the persisted cache, after 5 minutes.
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, gcTime: 7 * 24 * 60 * 60 * 1000 },
      mutations: { retry: 0 },
    },
  });
}

/** The router, with the session and the QueryClient in its context. */
export function createAppRouter(queryClient: QueryClient, session: Session) {
  return createRouter({
    routeTree,
    context: { queryClient, session },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: SessionPlaceholder,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
