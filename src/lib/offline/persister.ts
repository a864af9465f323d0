import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
  type AsyncStorage,
  type Persister,
} from '@tanstack/react-query-persist-client';
import type { QueryCacheRow } from './db';
import { idbClear, idbDelete, idbGet, idbPut, openBalcaoDb, type OpenDb } from './idb';

/**
 * The React Query cache, persisted to IndexedDB (issue 10 "Reading offline"): the async-storage
 * persister over the `queryCache` store of the Balcão database (the sync persister cannot write
 * to IndexedDB, which is asynchronous, and is deprecated — docs/decisions.md), read and written
 * without Dexie (`idb.ts`, issue 14: every signed-in page needs this, few need the outbox). One
 * row per user (`rq:<userId>`; query keys start with the user id too), wiped on logout.
 */

/**
 * How long a persisted cache is kept: 7 days. A dispatcher who looked at an order on Monday
 * still sees it offline on the next Monday morning; older data is dropped at restore. Queries
 * use the same `gcTime` (router.ts), or they would leave the persisted cache when unused.
 */
export const QUERY_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * Bumped by hand when the shape of cached records changes incompatibly (zod schemas of what
 * lists and details store); a persisted cache with another buster is discarded at restore.
 * The app version is part of it, so a release never reads an older release's shapes.
 */
export const QUERY_CACHE_BUSTER = `${typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'}:1`;

const STORAGE_KEY = 'rq';

/** An AsyncStorage over the `queryCache` store, scoped to the user `userId()` names (nothing without a user). */
export function idbQueryStorage(open: OpenDb, userId: () => number | null): AsyncStorage<string> {
  const rowKey = (key: string) => {
    const id = userId();
    return id === null ? null : `${key}:${id}`;
  };
  return {
    async getItem(key) {
      const k = rowKey(key);
      return k ? ((await idbGet<QueryCacheRow>(open, 'queryCache', k))?.value ?? null) : null;
    },
    async setItem(key, value) {
      const k = rowKey(key);
      if (k) await idbPut(open, 'queryCache', { key: k, value, updatedAt: Date.now() } satisfies QueryCacheRow);
    },
    async removeItem(key) {
      const k = rowKey(key);
      if (k) await idbDelete(open, 'queryCache', k);
    },
  };
}

/** The persister: writes at most once a second; on a full disk it drops the oldest queries first. */
export function createQueryPersister(open: OpenDb, userId: () => number | null): Persister {
  return createAsyncStoragePersister({ storage: idbQueryStorage(open, userId), key: STORAGE_KEY, throttleTime: 1_000, retry: removeOldestQuery });
}

/**
 * Restores the user's persisted cache into `queryClient` (resolves when done; a missing, old
 * or busted cache is removed; the restored queries are marked stale, none that the network
 * already answered in this page), saves at once what the network answered before it (if
 * anything), then keeps saving on every change (at most once a second). Returns the unsubscribe
 * function.
 * Never throws: a broken store only means a cold start.
 */
export async function startQueryPersistence(queryClient: QueryClient, userId: () => number | null, open: OpenDb = openBalcaoDb): Promise<() => void> {
  const persister = createQueryPersister(open, userId);
  const restored = new Set<string>();
  try {
    // Online the first screen does not wait for this restore (app/boot.ts): what the network
    // answered before it ends (a list's first page, lib/api/early.ts) is newer and stays fresh.
    const before = new Map(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
    );
    const startedAt = Date.now();
    await persistQueryClientRestore({ queryClient, persister, maxAge: QUERY_CACHE_MAX_AGE, buster: QUERY_CACHE_BUSTER });
    // What comes back from storage is shown at once but is never taken as fresh: it may predate a
    // write of the last session (the persister saves at most once a second), so every restored
    // query refetches in the background when a screen uses it. Offline a refetch can only fail, so
    // the restored data stays as it is (the screen shows it with its age). Only the restored
    // queries: their data dates from before this restore and was not in memory already.
    for (const q of queryClient.getQueryCache().getAll())
      if (q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < startedAt && q.state.dataUpdatedAt !== before.get(q.queryHash)) restored.add(q.queryHash);
    if (typeof navigator === 'undefined' || navigator.onLine)
      await queryClient.invalidateQueries({ refetchType: 'none', predicate: (q) => restored.has(q.queryHash) });
  } catch (error) {
    console.warn('[offline] cache local descartado', error);
  }
  const unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: QUERY_CACHE_BUSTER });
  // The subscription saves on the cache's next change only. What the network answered before it
  // (on a warm start the list's first page often has: lib/api/early.ts) is saved now, or a user
  // who opens a list and loses the network before anything else changes finds it empty offline.
  // Only then: a needless write would hold the throttle's slot for a second.
  if (queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'success' && !restored.has(q.queryHash) }).length > 0)
    void persistQueryClientSave({ queryClient, persister, buster: QUERY_CACHE_BUSTER });
  return unsubscribe;
}

/** Deletes every persisted query cache (logout: a shared phone never shows the previous user's data). */
export async function wipePersistedQueries(open: OpenDb = openBalcaoDb): Promise<void> {
  await idbClear(open, 'queryCache');
}
