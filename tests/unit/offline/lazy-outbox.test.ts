import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idbPut, openBalcaoDb } from '@/lib/offline/idb';
import type { Session, SessionState } from '@/lib/session';

/**
 * The outbox runtime (Dexie, lib/offline/sync.ts) is loaded only when there is work for
 * it — items of the user in the outbox (at start, when the network returns, at a sign-in) or a
 * screen that queues asking for it — never on a page whose outbox is empty.
 */
const started = vi.hoisted(() => ({ count: 0, resumed: [] as number[] }));
vi.mock('@/lib/offline/sync', () => ({
  startOutbox: () => {
    started.count += 1;
    return {
      outbox: { resume: async (id: number) => void started.resumed.push(id) },
      flush: async () => ({ delivered: 0, paused: false }),
    };
  },
}));

// The start-up check (`hasOutboxItems` reads the user's items from the outbox store), observed:
// how many reads of that store have answered.
const checks = vi.hoisted(() => ({ answered: 0 }));
vi.mock('@/lib/offline/idb', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/offline/idb')>();
  return {
    ...real,
    idbGetAllByIndex: async (...args: Parameters<typeof real.idbGetAllByIndex>) => {
      try {
        return await real.idbGetAllByIndex(...args);
      } finally {
        if (args[1] === 'outbox') checks.answered += 1;
      }
    },
  };
});

/**
 * Waits until startOffline's check of the outbox has answered, then until anything that answer
 * started has loaded: an `import()` of the runtime begun before the test's own resolves first.
 */
async function startupChecked() {
  await vi.waitFor(() => expect(checks.answered).toBeGreaterThan(0));
  await import('@/lib/offline/sync');
}
const item = (seq: number, userId: number) => ({
  seq,
  userId,
  orderId: 1,
  kind: 'payment.create',
  idempotencyKey: `k${seq}`,
  payload: {},
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: seq,
});

function session(userId: number): Session {
  const state: SessionState = { status: 'authenticated', user: { id: userId } as SessionState['user'], permissions: {} };
  return { getState: () => state, subscribe: () => () => {} } as unknown as Session;
}

describe('the outbox runtime loads only with work', () => {
  beforeEach(() => {
    started.count = 0;
    started.resumed = [];
    checks.answered = 0;
    vi.resetModules();
  });
  afterEach(() => vi.restoreAllMocks());

  it('an empty outbox loads nothing; items queued by another tab start it when the network returns', async () => {
    const { startOffline } = await import('@/app/offline');
    startOffline(new QueryClient(), session(41));
    await startupChecked();
    expect(started.count).toBe(0);

    await idbPut(openBalcaoDb, 'outbox', item(1, 41));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(started.count).toBe(1));
  });

  it('items of the user at start start it (a sign-in also lifts their pause); a screen that queues asks for it', async () => {
    await idbPut(openBalcaoDb, 'outbox', item(2, 42));
    const { startOffline } = await import('@/app/offline');
    startOffline(new QueryClient(), session(42), { signedIn: true });
    await vi.waitFor(() => expect(started.count).toBe(1));
    await vi.waitFor(() => expect(started.resumed).toEqual([42]));

    vi.resetModules();
    started.count = 0;
    checks.answered = 0;
    const fresh = await import('@/app/offline');
    const peek = await import('@/lib/offline/outbox-peek');
    fresh.startOffline(new QueryClient(), session(43));
    await startupChecked();
    expect(started.count).toBe(0);
    peek.requestOutbox();
    await vi.waitFor(() => expect(started.count).toBe(1));
  });

  it('a screen that queues loads the runtime with its first queued write, not when it opens (useOutbox().get)', async () => {
    const { startOffline } = await import('@/app/offline');
    const peek = await import('@/lib/offline/outbox-peek');
    await expect(peek.loadOutbox()).rejects.toThrow('Fila de envio indisponível.');
    startOffline(new QueryClient(), session(44));
    await startupChecked();
    expect(started.count).toBe(0);
    const runtime = await peek.loadOutbox();
    expect(started.count).toBe(1);
    expect(runtime.outbox).toBeDefined();
    await peek.loadOutbox();
    expect(started.count).toBe(1);
  });
});
