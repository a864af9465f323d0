import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { QueryCacheRow } from './db';
import { idbClear, idbGetAll, idbReadWrite, openBalcaoDb, type OpenDb } from './idb';

/**
 * The React Query cache, persisted to IndexedDB for reading offline: one record per query and
 * user in the `queryCache` store (`rq:<userId>:<queryHash>`), read and written without Dexie
 * (`idb.ts`: every signed-in page needs this, few need the outbox), wiped on logout.
 *
 * Per-query records, newest wins (docs/decisions.md "Offline data you can trust"): a page writes
 * only the queries its network answered, each in its own record, and a record is replaced only
 * by data at least as new (`dataUpdatedAt`). So no page load, tab or reload can drop or age what
 * another persisted, whatever the order of their restores and writes, and a failed request
 * (which leaves a query in error) never touches its record. The serialisation is TanStack's own
 * `dehydrate`/`hydrate` (hydrate keeps data already in memory when it is newer).
 */

/**
 * How long a persisted query is kept: 7 days since its data arrived. A dispatcher who looked at
 * an order on Monday still sees it offline on the next Monday morning; older records are dropped
 * at restore. Queries use the same `gcTime` (query-client.ts), or they would leave memory unused.
 */
export const QUERY_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * Bumped by hand when the shape of cached records changes incompatibly (zod schemas of what
 * lists and details store); a record with another buster is discarded at restore. The app
 * version is part of it, so a release never reads an older release's shapes.
 */
export const QUERY_CACHE_BUSTER = `${typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev'}:1`;

type DehydratedQuery = DehydratedState['queries'][number];

/** What a record's `value` holds (JSON). */
interface PersistedQuery {
  buster: string;
  query: DehydratedQuery;
}

const STORE = 'queryCache';
const userPrefix = (userId: number) => `rq:${userId}:`;

/** The record key of a query of `userId`: `rq:<userId>:<queryHash>`. */
export function queryRecordKey(userId: number, queryHash: string): string {
  return `${userPrefix(userId)}${queryHash}`;
}

/** A query's data as it is stored: a success with nothing of a later failure, refetch or invalidation. */
function persistable(query: DehydratedQuery): DehydratedQuery {
  const { state } = query;
  return {
    queryKey: query.queryKey,
    queryHash: query.queryHash,
    dehydratedAt: query.dehydratedAt,
    ...(query.meta && { meta: query.meta }),
    state: {
      ...state,
      status: 'success',
      fetchStatus: 'idle',
      error: null,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      isInvalidated: false,
    },
  };
}

/** The stored query of a record, or null when the record is to be dropped (another release, too old, unreadable). */
function usable(row: QueryCacheRow, now: number): DehydratedQuery | null {
  try {
    const value = JSON.parse(row.value) as PersistedQuery;
    const fresh = value.buster === QUERY_CACHE_BUSTER && now - row.updatedAt <= QUERY_CACHE_MAX_AGE;
    return fresh && value.query.state.data !== undefined ? value.query : null;
  } catch {
    return null;
  }
}

/** Whether `key` is a record of `userId`, or the one whole-cache record (`rq:<userId>`) of releases before per-query records. */
const ownRecord = (key: string, userId: number) => key.startsWith(userPrefix(userId)) || key === `rq:${userId}`;

/**
 * Deletes `userId`'s records that cannot be restored, judged again inside the transaction: a
 * usable record another page wrote since the restore read the store stays.
 */
function dropUnusable(open: OpenDb, userId: number, now: number): Promise<void> {
  return idbReadWrite(open, STORE, (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      const row = at.value as QueryCacheRow;
      if (ownRecord(row.key, userId) && (row.key === `rq:${userId}` || !usable(row, now))) at.delete();
      at.continue();
    };
  });
}

/**
 * Writes `rows` in one transaction, each only over a record with older (or equal) data: a page
 * holding an older answer never replaces a newer one written by another page.
 */
function writeNewest(open: OpenDb, rows: QueryCacheRow[]): Promise<void> {
  return idbReadWrite(open, STORE, (store) => {
    for (const row of rows) {
      const current = store.get(row.key);
      current.onsuccess = () => {
        const stored = current.result as QueryCacheRow | undefined;
        if (!stored || stored.updatedAt <= row.updatedAt) store.put(row);
      };
    }
  });
}

/** Deletes the oldest quarter (at least one) of `userId`'s records: room after a full disk. */
async function dropOldest(open: OpenDb, userId: number): Promise<void> {
  const mine = (await idbGetAll<QueryCacheRow>(open, STORE)).filter((r) => r.key.startsWith(userPrefix(userId)));
  const oldest = mine.sort((a, b) => a.updatedAt - b.updatedAt).slice(0, Math.max(1, Math.ceil(mine.length / 4)));
  await idbReadWrite(open, STORE, (store) => oldest.forEach((r) => store.delete(r.key)));
}

/** A running persistence of one page's QueryClient. */
export interface QueryPersistence {
  /** Resolves when every answer received so far is written (or given up on). */
  flush(): Promise<void>;
  /** Stops writing (what is queued is still written). */
  stop(): void;
}

/**
 * Persists `queryClient` for the user `userId()` names and restores that user's records into it.
 * Resolves when the restore is done (the restored queries are in memory).
 * - Writing starts at once, before the restore: every answer the network gives (a success of a
 *   query: fetched or set) is written to its query's record as soon as it arrives, and so is what
 *   the network answered before this started (the list's first page of `lib/api/early.ts`).
 *   Restored data, failures, invalidations and removals write nothing. Nothing is written while
 *   no user is signed in.
 * - The restore hydrates every record of the user younger than {@link QUERY_CACHE_MAX_AGE} with
 *   the current {@link QUERY_CACHE_BUSTER} (others are deleted); data already in memory that is
 *   newer stays. Online the restored queries are marked stale, none that the network answered
 *   in this page: they may predate another page's later answer, so a screen that uses them
 *   refetches in the background. Offline a refetch can only fail, so they are left as they are.
 * Never throws: a broken store only means a cold start (and no offline copy).
 */
export async function startQueryPersistence(queryClient: QueryClient, userId: () => number | null, open: OpenDb = openBalcaoDb): Promise<QueryPersistence> {
  const dirty = new Set<string>();
  let queue = Promise.resolve();
  let scheduled = false;

  const writeDirty = async () => {
    scheduled = false;
    const id = userId();
    const hashes = new Set(dirty);
    dirty.clear();
    if (id === null || hashes.size === 0) return;
    const { queries } = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && q.state.data !== undefined && q.state.dataUpdatedAt > 0,
    });
    const rows = queries.map((q): QueryCacheRow => ({
      key: queryRecordKey(id, q.queryHash),
      value: JSON.stringify({ buster: QUERY_CACHE_BUSTER, query: persistable(q) } satisfies PersistedQuery),
      updatedAt: q.state.dataUpdatedAt,
    }));
    if (rows.length === 0) return;
    try {
      await writeNewest(open, rows);
    } catch (error) {
      // A full disk: make room from the oldest records and try once more.
      console.warn('[offline] cache local cheio; descartando os registros mais antigos', error);
      await dropOldest(open, id);
      await writeNewest(open, rows);
    }
  };
  const markDirty = (query: Query) => {
    dirty.add(query.queryHash);
    if (scheduled) return;
    scheduled = true;
    // One transaction for the answers of the same task (a screen's several queries).
    queue = queue.then(writeDirty).catch((error: unknown) => console.warn('[offline] cache local não gravado', error));
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') markDirty(event.query);
  });
  for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'success') markDirty(query);

  try {
    const id = userId();
    if (id !== null) {
      const now = Date.now();
      const rows = (await idbGetAll<QueryCacheRow>(open, STORE)).filter((row) => ownRecord(row.key, id));
      const queries = rows.map((row) => (row.key === `rq:${id}` ? null : usable(row, now))).filter((q): q is DehydratedQuery => q !== null);
      if (queries.length < rows.length) {
        queue = queue.then(() => dropUnusable(open, id, now)).catch((error: unknown) => console.warn('[offline] cache local antigo não descartado', error));
      }
      const before = new Map(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
      );
      hydrate(queryClient, { queries });
      const restored = new Set(
        queries
          .filter((r) => {
            const now = queryClient.getQueryCache().get(r.queryHash)?.state.dataUpdatedAt;
            return now === r.state.dataUpdatedAt && now !== before.get(r.queryHash);
          })
          .map((r) => r.queryHash),
      );
      if (typeof navigator === 'undefined' || navigator.onLine)
        await queryClient.invalidateQueries({ refetchType: 'none', predicate: (q) => restored.has(q.queryHash) });
    }
  } catch (error) {
    console.warn('[offline] cache local descartado', error);
  }

  return {
    flush: () => queue,
    stop: unsubscribe,
  };
}

/** Deletes every persisted query (logout: a shared phone never shows the previous user's data). */
export async function wipePersistedQueries(open: OpenDb = openBalcaoDb): Promise<void> {
  await idbClear(open, STORE);
}
