import type { QueryClient } from '@tanstack/react-query';
import { onWrite } from '@/lib/api/client';
import { getConfig } from '@/lib/config';
import { lookupRules, lookupsChangedBy } from '@/lib/resources';
import { userQueryKey } from '@/lib/session';
import { RESOURCES } from './resources';

/**
 * The one place that refreshes the cached lookups after a write, for every lookup the resource
 * declarations name (`lookup` in features/<x>/resource.ts: states, document types, users by type,
 * vehicle types, payment methods): once the server accepted a write to a collection that changes
 * one (its own, or one it names in `changedBy`), the service worker's stale-while-revalidate copies
 * are dropped and its queries invalidated, before the write's promise resolves, so the next read
 * asks the network (lib/api/client.ts `onWrite`). `queryClient` gives the app's client when there is
 * one (main.tsx makes it lazily). Returns the function that stops it.
 */
export function refreshLookupsAfterWrites(queryClient: () => QueryClient | undefined): () => void {
  const rules = lookupRules(RESOURCES);
  return onWrite(async ({ path }) => {
    const changed = lookupsChangedBy(rules, path);
    if (!changed.length) return;
    // Loaded with the first such write: the entry (/login) does not carry it.
    const { dropCachedLookups } = await import('@/lib/offline/lookup-cache');
    const base = new URL(getConfig().apiUrl, location.href).pathname.replace(/\/+$/, '');
    for (const rule of changed) {
      await dropCachedLookups(`${base}${rule.path}`);
      await queryClient()?.invalidateQueries({ queryKey: userQueryKey(rule.path.slice(1)) });
    }
  });
}
