import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';

/** What every route receives in `context` (createRootRouteWithContext). */
export interface RouterContext {
  session: Session;
  /**
   * The QueryClient, made with the first signed-in route (lib/lazy-query-client.ts;
   * signed-out pages load no TanStack Query). `_app`'s beforeLoad puts the client itself in its
   * children's context as `queryClient`, which their loaders use.
   */
  getQueryClient: () => QueryClient | Promise<QueryClient>;
}
