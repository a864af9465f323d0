import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';

/** What every route receives in `context` (createRootRouteWithContext). */
export interface RouterContext {
  session: Session;
  queryClient: QueryClient;
}
