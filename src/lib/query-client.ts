import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { failureToast, isUnauthorized, successToast } from './api/feedback';

export interface QueryClientOptions {
  /**
   * Called on a 401 from any query or mutation (the token expired or was revoked after the
   * session started). main.tsx signs out and returns to /login?redirect=<here>; no toast then.
   * Answering `false` (no session was running: a 401 of the sign-in itself) lets `meta` report it.
   */
  onUnauthorized?: () => boolean | void;
}

/**
 * The React Query client: lists stay fresh for 30 s; one retry; no refetch on focus. Failures
 * and successes are reported in ONE place, from each query's or mutation's `meta`
 * (lib/api/feedback.ts) — screens do not toast their own load errors.
 */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const report = (error: unknown, meta: Parameters<typeof failureToast>[1], watched = true) => {
    if (isUnauthorized(error) && options.onUnauthorized && options.onUnauthorized() !== false) return;
    if (!watched) return;
    const t = failureToast(error, meta);
    if (t) toast({ ...t, variant: 'destructive' });
  };
  return new QueryClient({
    // Only a query someone is looking at reports: a loader's prefetch or a hover preload that
    // fails stays quiet, and the screen's own fetch on mount reports it once.
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta, query.getObserversCount() > 0) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
      onSuccess: (_data, _variables, _context, mutation) => {
        const t = successToast(mutation.meta);
        if (t) toast(t);
      },
    }),
    defaultOptions: {
      // gcTime = the persisted cache's maxAge (lib/offline/persister.ts QUERY_CACHE_MAX_AGE, 7 days): an
      // unused query would otherwise leave memory, and so the persisted cache, after 5 minutes.
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, gcTime: 7 * 24 * 60 * 60 * 1000 },
      mutations: { retry: 0 },
    },
  });
}
