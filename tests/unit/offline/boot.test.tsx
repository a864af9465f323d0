import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootApp, type OfflineModule } from '@/app/boot';
import { idbOpener, type OpenDb } from '@/lib/offline/idb';
import { startQueryPersistence } from '@/lib/offline/persister';
import type { Session, SessionState } from '@/lib/session';

/**
 * Online, the first render does not wait for IndexedDB; the persisted cache merges
 * into the screen when it arrives. Offline it is restored before the first render.
 */

const USER = 7;
const KEY = [USER, 'sales-orders', 'list', { page: 1 }];

function signedInSession(): Session {
  const state: SessionState = { status: 'authenticated', user: { id: USER } as SessionState['user'], permissions: {} };
  return { getState: () => state, subscribe: () => () => {} } as unknown as Session;
}

/** A list whose request never answers (slow network): only the restored cache can fill it. */
function List() {
  const q = useQuery({ queryKey: KEY, queryFn: () => new Promise<{ data: { name: string }[] }>(() => {}) });
  return <p>{q.data ? q.data.data.map((r) => r.name).join(', ') : 'Carregando...'}</p>;
}

/** A database holding what user 7 saw last time (written through the real persister). */
async function storedCache() {
  const db = idbOpener(`boot-${Math.random()}`, new IDBFactory());
  const before = new QueryClient();
  const persistence = await startQueryPersistence(before, () => USER, db);
  before.setQueryData(KEY, { data: [{ name: 'Pedido guardado' }] });
  await persistence.flush();
  persistence.stop();
  return db;
}

function harness(db: OpenDb, online: boolean) {
  const queryClient = new QueryClient();
  const events: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let restoring!: () => void;
  const restoreStarted = new Promise<void>((r) => (restoring = r));
  const offline: OfflineModule = {
    async restoreQueries(qc) {
      restoring();
      await gate; // IndexedDB is slow today: the restore ends when the test says so
      events.push('restored');
      return startQueryPersistence(qc, () => USER, db);
    },
    startOffline: (_qc, _s, { signedIn }) => events.push(signedIn ? 'outbox after sign-in' : 'outbox'),
  };
  const booted = bootApp({
    session: signedInSession(),
    queryClient,
    isOnline: () => online,
    registerWorker: () => {},
    loadOffline: async () => offline,
    render: () => {
      events.push('render');
      render(
        <QueryClientProvider client={queryClient}>
          <List />
        </QueryClientProvider>,
      );
    },
  });
  return { events, open, booted, queryClient, restoreStarted };
}

describe('boot (warm start)', () => {
  afterEach(cleanup);

  it('online: renders the screen before the persisted cache is restored, then shows the restored rows', async () => {
    const db = await storedCache();
    const h = harness(db, true);
    // the screen renders while the restore has begun and waits (it waits for the test)
    await act(() => h.restoreStarted);
    await vi.waitFor(() => expect(h.events).toEqual(['render']));
    expect(screen.getByText('Carregando...')).toBeTruthy();

    h.open();
    await act(() => h.booted);
    expect(h.events).toEqual(['render', 'restored', 'outbox']);
    expect(await screen.findByText('Pedido guardado')).toBeTruthy();
  }, 10_000);

  it('online: an answer the network already gave is not replaced by the older restored one', async () => {
    const db = await storedCache();
    const h = harness(db, true);
    await act(() => h.restoreStarted);
    await vi.waitFor(() => expect(h.events).toEqual(['render']));
    await act(() => h.queryClient.setQueryData(KEY, { data: [{ name: 'Pedido do servidor' }] }));
    h.open();
    await act(() => h.booted);
    // findBy: under load the re-render after setQueryData can land after `booted`
    expect(await screen.findByText('Pedido do servidor')).toBeTruthy();
    expect(screen.queryByText('Pedido guardado')).toBeNull();
  }, 10_000);

  it('offline: the persisted cache is restored first, so the first render already has the rows', async () => {
    const db = await storedCache();
    const h = harness(db, false);
    // the restore has begun and waits: nothing rendered meanwhile
    await act(() => h.restoreStarted);
    expect(h.events).toEqual([]);
    h.open();
    await act(() => h.booted);
    expect(h.events).toEqual(['restored', 'render', 'outbox']);
    expect(screen.getByText('Pedido guardado')).toBeTruthy();
    expect(screen.queryByText('Carregando...')).toBeNull();
  }, 10_000);
});
