import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { dataAgeText } from '@/components/layout/offline-status';
import { createDb } from '@/lib/offline/db';
import { idbOpener } from '@/lib/offline/idb';
import { QUERY_CACHE_MAX_AGE, startQueryPersistence, wipePersistedQueries } from '@/lib/offline/persister';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('persisted query cache', () => {
  it('restores what a user saw, only for that user, and nothing after the wipe of a logout', async () => {
    // The cache is written without Dexie (lib/offline/idb.ts); Dexie, the outbox's store, reads the same row.
    const factory = new IDBFactory();
    const open = idbOpener('persist-test', factory);
    const db = createDb('persist-test', { indexedDB: factory, IDBKeyRange });
    let user: number | null = 7;
    const first = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE } } });
    const stop = await startQueryPersistence(first, () => user, open);
    first.setQueryData([7, 'sales-orders', 'list', { page: 1 }], { data: [{ id: 1, documentId: 'abc' }] });
    await sleep(1_300); // the persister writes at most once a second
    stop();
    const row = await db.queryCache.get('rq:7');
    expect(row?.value).toContain('"documentId":"abc"');

    const reloaded = new QueryClient();
    (await startQueryPersistence(reloaded, () => user, open))();
    expect(reloaded.getQueryData([7, 'sales-orders', 'list', { page: 1 }])).toEqual({ data: [{ id: 1, documentId: 'abc' }] });
    // Shown at once, but stale: the first screen that uses it refetches (it may predate the last write).
    expect(reloaded.getQueryState([7, 'sales-orders', 'list', { page: 1 }])?.isInvalidated).toBe(true);

    user = 8;
    const other = new QueryClient();
    (await startQueryPersistence(other, () => user, open))();
    expect(other.getQueryCache().getAll()).toHaveLength(0);

    await wipePersistedQueries(open);
    user = 7;
    const afterLogout = new QueryClient();
    (await startQueryPersistence(afterLogout, () => user, open))();
    expect(afterLogout.getQueryCache().getAll()).toHaveLength(0);
  });

  it('marks only the restored queries stale, not what the network answered before the restore ended', async () => {
    const factory = new IDBFactory();
    const open = idbOpener('persist-fresh', factory);
    const first = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE } } });
    const stop = await startQueryPersistence(first, () => 7, open);
    first.setQueryData([7, 'customers', 'list'], { data: ['saved'] });
    first.setQueryData([7, 'sales-orders', 'list'], { data: ['saved'] });
    await sleep(1_300);
    stop();

    // A warm start online: the first screen's list came from the network before the restore ran.
    const reloaded = new QueryClient();
    reloaded.setQueryData([7, 'sales-orders', 'list'], { data: ['network'] });
    (await startQueryPersistence(reloaded, () => 7, open))();
    expect(reloaded.getQueryData([7, 'sales-orders', 'list'])).toEqual({ data: ['network'] });
    expect(reloaded.getQueryState([7, 'sales-orders', 'list'])?.isInvalidated).toBe(false);
    expect(reloaded.getQueryData([7, 'customers', 'list'])).toEqual({ data: ['saved'] });
    expect(reloaded.getQueryState([7, 'customers', 'list'])?.isInvalidated).toBe(true);
  });

  it('saves what the network answered before persistence started, with no later change to trigger it', async () => {
    // A warm start online: the list's first page arrives (lib/api/early.ts) before the offline chunk
    // starts persisting, and nothing else changes before the network goes away.
    const factory = new IDBFactory();
    const open = idbOpener('persist-early', factory);
    const first = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE } } });
    first.setQueryData([7, 'sales-orders', 'list'], { data: ['network'] });
    const stop = await startQueryPersistence(first, () => 7, open);
    await sleep(1_300);
    stop();

    const offline = new QueryClient();
    (await startQueryPersistence(offline, () => 7, open))();
    expect(offline.getQueryData([7, 'sales-orders', 'list'])).toEqual({ data: ['network'] });
  });

  it('writes nothing at start when everything in memory came from the restore', async () => {
    // The early save is only for the network's answers: a needless write would hold the throttle's slot.
    const factory = new IDBFactory();
    const open = idbOpener('persist-idle', factory);
    const db = createDb('persist-idle', { indexedDB: factory, IDBKeyRange });
    const first = new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE } } });
    const stop = await startQueryPersistence(first, () => 7, open);
    first.setQueryData([7, 'customers', 'list'], { data: ['saved'] });
    await sleep(1_300);
    stop();
    const saved = (await db.queryCache.get('rq:7'))?.updatedAt;
    expect(saved).toBeGreaterThan(0);

    const reloaded = new QueryClient();
    const stopReloaded = await startQueryPersistence(reloaded, () => 7, open);
    await sleep(300);
    stopReloaded();
    expect(reloaded.getQueryData([7, 'customers', 'list'])).toEqual({ data: ['saved'] });
    expect((await db.queryCache.get('rq:7'))?.updatedAt).toBe(saved);
  });

  it('says how old the data on screen is, in pt-BR', () => {
    expect(dataAgeText(Date.now() - 2 * 3_600_000 - 60_000)).toBe('atualizado há 2 horas');
    expect(dataAgeText(Date.now() - 5 * 60_000)).toBe('atualizado há 5 minutos');
    expect(dataAgeText(0)).toBe('');
  });
});
