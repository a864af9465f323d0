import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { dataAgeText } from '@/components/layout/offline-status';
import { ApiError } from '@/lib/api';
import { createDb } from '@/lib/offline/db';
import { idbOpener, idbPut, type OpenDb } from '@/lib/offline/idb';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE, queryRecordKey, startQueryPersistence, wipePersistedQueries } from '@/lib/offline/persister';

const LIST = [7, 'sales-orders', 'list', { page: 1 }];
const DETAIL = [7, 'sales-orders', 'detail', 'abc'];
const client = () => new QueryClient({ defaultOptions: { queries: { gcTime: QUERY_CACHE_MAX_AGE, retry: false } } });
const noAnswer = () => Promise.reject(new ApiError({ status: 0, message: 'Falha de conexão com o servidor' }));

function store(name: string) {
  const factory = new IDBFactory();
  return { open: idbOpener(name, factory), db: createDb(name, { indexedDB: factory, IDBKeyRange }) };
}

/** The same database, whose first `failures` writes abort with QuotaExceededError (a full disk). */
function failingPuts(open: OpenDb, failures: number): OpenDb {
  let left = failures;
  const forward = <T extends object>(target: T, override: (prop: string | symbol) => unknown) =>
    new Proxy(target, {
      get(t, prop) {
        const own = override(prop);
        if (own !== undefined) return own;
        const value: unknown = Reflect.get(t, prop, t);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
      set: (t, prop, value) => Reflect.set(t, prop, value, t),
    });
  return async () => {
    const db = await open();
    return forward(db, (prop) =>
      prop === 'transaction'
        ? (...args: Parameters<IDBDatabase['transaction']>) => {
            const tx = db.transaction(...args);
            return forward(tx, (p) =>
              p === 'objectStore'
                ? (name: string) =>
                    forward(tx.objectStore(name), (q) =>
                      q === 'put' && left > 0
                        ? () => {
                            left -= 1;
                            tx.abort();
                            throw new DOMException('O disco está cheio', 'QuotaExceededError');
                          }
                        : undefined,
                    )
                : undefined,
            );
          }
        : undefined,
    );
  };
}

/** A page: its client with the persisted cache restored and persisting. */
async function page(open: OpenDb, user: () => number | null = () => 7) {
  const qc = client();
  const persistence = await startQueryPersistence(qc, user, open);
  return { qc, persistence };
}

describe('persisted query cache', () => {
  it('restores what a user saw, only for that user, and nothing after the wipe of a logout', async () => {
    // The cache is written without Dexie (lib/offline/idb.ts); Dexie, the outbox's store, reads the same rows.
    const { open, db } = store('persist-test');
    let user: number | null = 7;
    const first = await page(open, () => user);
    first.qc.setQueryData(LIST, { data: [{ id: 1, documentId: 'abc' }] });
    await first.persistence.flush();
    first.persistence.stop();
    const row = await db.queryCache.get(queryRecordKey(7, JSON.stringify(LIST)));
    expect(row?.value).toContain('"documentId":"abc"');

    const reloaded = await page(open, () => user);
    expect(reloaded.qc.getQueryData(LIST)).toEqual({ data: [{ id: 1, documentId: 'abc' }] });
    // Shown at once, but stale: the first screen that uses it refetches (another page may have a newer answer).
    expect(reloaded.qc.getQueryState(LIST)?.isInvalidated).toBe(true);

    user = 8;
    expect((await page(open, () => user)).qc.getQueryCache().getAll()).toHaveLength(0);

    await wipePersistedQueries(open);
    user = 7;
    expect((await page(open, () => user)).qc.getQueryCache().getAll()).toHaveLength(0);
  });

  it('marks only the restored queries stale, not what the network answered before the restore ended', async () => {
    const { open } = store('persist-fresh');
    const first = await page(open);
    first.qc.setQueryData([7, 'customers', 'list'], { data: ['saved'] });
    first.qc.setQueryData(LIST, { data: ['saved'] });
    await first.persistence.flush();

    // A warm start online: the first screen's list came from the network before the restore ran.
    const reloaded = client();
    reloaded.setQueryData(LIST, { data: ['network'] });
    await startQueryPersistence(reloaded, () => 7, open);
    expect(reloaded.getQueryData(LIST)).toEqual({ data: ['network'] });
    expect(reloaded.getQueryState(LIST)?.isInvalidated).toBe(false);
    expect(reloaded.getQueryData([7, 'customers', 'list'])).toEqual({ data: ['saved'] });
    expect(reloaded.getQueryState([7, 'customers', 'list'])?.isInvalidated).toBe(true);
  });

  it('saves what the network answered before persistence started, with no later change to trigger it', async () => {
    // A warm start online: the list's first page arrives (lib/api/early.ts) before the offline chunk starts.
    const { open } = store('persist-early');
    const first = client();
    first.setQueryData(LIST, { data: ['network'] });
    await (await startQueryPersistence(first, () => 7, open)).flush();
    expect((await page(open)).qc.getQueryData(LIST)).toEqual({ data: ['network'] });
  });

  it('keeps a list that a later page load restored, whose refetch then failed with no answer', async () => {
    // The case: the order's page restored the list, the list's refetch failed offline (the query in
    // error, with its data); the page's next save must still hold the list.
    const { open } = store('persist-failed');
    const seen = await page(open);
    await seen.qc.fetchQuery({ queryKey: LIST, queryFn: async () => ({ data: ['pedido 1'] }) });
    await seen.persistence.flush();

    const offline = await page(open);
    await expect(offline.qc.fetchQuery({ queryKey: LIST, queryFn: noAnswer, staleTime: 0 })).rejects.toThrow();
    expect(offline.qc.getQueryState(LIST)?.status).toBe('error');
    await offline.qc.fetchQuery({ queryKey: DETAIL, queryFn: async () => ({ id: 1 }) });
    await offline.persistence.flush();

    const again = await page(open);
    expect(again.qc.getQueryData(LIST)).toEqual({ data: ['pedido 1'] });
    expect(again.qc.getQueryData(DETAIL)).toEqual({ id: 1 });
  });

  it('never lets one page replace what another page persisted, nor an older answer a newer one', async () => {
    const { open } = store('persist-tabs');
    // Two tabs start from the same (empty) store; each then fetches its own screen.
    const a = await page(open);
    const b = await page(open);
    await a.qc.fetchQuery({ queryKey: LIST, queryFn: async () => ({ data: ['v1'] }) });
    await a.persistence.flush();
    await b.qc.fetchQuery({ queryKey: DETAIL, queryFn: async () => ({ id: 1 }) });
    await b.persistence.flush();
    // Tab a fetches the list again (v2); tab b, which never saw v2, writes its older v1 afterwards.
    await a.qc.fetchQuery({ queryKey: LIST, queryFn: async () => ({ data: ['v2'] }), staleTime: 0 });
    await a.persistence.flush();
    b.qc.setQueryData(LIST, { data: ['v1'] }, { updatedAt: 1 });
    await b.persistence.flush();

    const c = await page(open);
    expect(c.qc.getQueryData(LIST)).toEqual({ data: ['v2'] });
    expect(c.qc.getQueryData(DETAIL)).toEqual({ id: 1 });
  });

  it('drops records of another release, older than 7 days, or unreadable, and the whole-cache record of older releases', async () => {
    const { open, db } = store('persist-old');
    const key = (k: string) => queryRecordKey(7, JSON.stringify([7, k]));
    const record = (k: string, buster: string, updatedAt: number) => ({
      key: key(k),
      value: JSON.stringify({
        buster,
        query: { queryKey: [7, k], queryHash: JSON.stringify([7, k]), state: { data: k, dataUpdatedAt: updatedAt, status: 'success' } },
      }),
      updatedAt,
    });
    await idbPut(open, 'queryCache', record('kept', QUERY_CACHE_BUSTER, Date.now() - 1_000));
    await idbPut(open, 'queryCache', record('busted', 'other', Date.now() - 1_000));
    await idbPut(open, 'queryCache', record('expired', QUERY_CACHE_BUSTER, Date.now() - QUERY_CACHE_MAX_AGE - 1));
    await idbPut(open, 'queryCache', { key: key('broken'), value: '{', updatedAt: Date.now() });
    await idbPut(open, 'queryCache', { key: 'rq:7', value: '{"clientState":{}}', updatedAt: Date.now() });
    const { qc, persistence } = await page(open);
    expect(qc.getQueryData([7, 'kept'])).toBe('kept');
    expect(qc.getQueryCache().getAll()).toHaveLength(1);
    await persistence.flush();
    expect((await db.queryCache.toArray()).map((r) => r.key)).toEqual([key('kept')]);
  });

  it('writes nothing for restored data, failures or while nobody is signed in', async () => {
    const { open, db } = store('persist-idle');
    const first = await page(open);
    first.qc.setQueryData([7, 'customers', 'list'], { data: ['saved'] });
    await first.persistence.flush();
    const saved = (await db.queryCache.toArray()).map((r) => r.updatedAt);

    const reloaded = await page(open);
    await expect(reloaded.qc.fetchQuery({ queryKey: [7, 'customers', 'list'], queryFn: noAnswer, staleTime: 0 })).rejects.toThrow();
    await reloaded.persistence.flush();
    expect((await db.queryCache.toArray()).map((r) => r.updatedAt)).toEqual(saved);

    const signedOut = await page(open, () => null);
    signedOut.qc.setQueryData([7, 'states', 'list'], { data: [] });
    await signedOut.persistence.flush();
    expect(await db.queryCache.count()).toBe(1);
  });

  it('on a full disk drops the oldest records of the user and writes the new answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { open, db } = store('persist-full');
    const first = await page(open);
    for (const n of [1, 2, 3, 4]) first.qc.setQueryData([7, 'order', n], { n }, { updatedAt: Date.now() - 10_000 + n });
    await first.persistence.flush();
    expect(await db.queryCache.count()).toBe(4);

    const full = await page(failingPuts(open, 1));
    full.qc.setQueryData(LIST, { data: ['new'] });
    await full.persistence.flush();
    const keys = (await db.queryCache.toArray()).map((r) => r.key).sort();
    expect(keys).toEqual([LIST, [7, 'order', 2], [7, 'order', 3], [7, 'order', 4]].map((k) => queryRecordKey(7, JSON.stringify(k))).sort());
  });

  it('says how old the data on screen is, in pt-BR', () => {
    expect(dataAgeText(Date.now() - 2 * 3_600_000 - 60_000)).toBe('atualizado há 2 horas');
    expect(dataAgeText(Date.now() - 5 * 60_000)).toBe('atualizado há 5 minutos');
    expect(dataAgeText(0)).toBe('');
  });
});
