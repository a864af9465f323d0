import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { createDb } from '@/lib/offline/db';
import { createLocalLocks } from '@/lib/offline/outbox';
import type { LockManagerLike } from '@/lib/offline/locks';
import { getOutbox, startOutbox, type SessionLike } from '@/lib/offline/sync';

function fakeSession(initial: { status: string; user: { id: number } | null }) {
  let state = initial;
  const listeners = new Set<() => void>();
  const session: SessionLike & { set(next: typeof state): void } = {
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      state = next;
      for (const l of listeners) l();
    },
  };
  return session;
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('condition not met');
};

afterEach(() => getOutbox().stop());

describe('outbox sync triggers', () => {
  it('sends after enqueue, pauses on 401, resumes after a new sign-in, and flushes when the browser comes online', async () => {
    const session = fakeSession({ status: 'authenticated', user: { id: 1 } });
    const answers: Array<'ok' | '401' | 'offline'> = ['401', 'ok', 'offline'];
    const sent: string[] = [];
    const paused = vi.fn();
    const { outbox } = startOutbox({
      session,
      onPaused: paused,
      handlers: {
        note: {
          async send(item) {
            const a = answers.shift() ?? 'ok';
            if (a === '401') throw new ApiError({ status: 401, message: 'expirou' });
            if (a === 'offline') throw new ApiError({ status: 0, message: 'Falha de conexão com o servidor' });
            sent.push(String(item.payload));
          },
        },
      },
      outboxOptions: { db: createDb('sync-test', { indexedDB: new IDBFactory(), IDBKeyRange }), locks: createLocalLocks() },
    });

    await outbox.enqueue({ kind: 'note', orderId: 1, payload: 'a' });
    await until(() => paused.mock.calls.length === 1);
    expect(await outbox.isPaused(1)).toBe(true);
    expect(sent).toEqual([]);

    session.set({ status: 'anonymous', user: null });
    session.set({ status: 'authenticated', user: { id: 1 } });
    await until(() => sent.length === 1);
    expect(sent).toEqual(['a']);

    await outbox.enqueue({ kind: 'note', orderId: 1, payload: 'b' }); // answer: offline → backoff
    await until(async () => (await outbox.list(1))[0]?.lastStatus === 0);
    await outbox.sendNow();
    expect(sent).toEqual(['a', 'b']);

    answers.push('offline');
    await outbox.enqueue({ kind: 'note', orderId: 2, payload: 'c' }); // no answer → waits ≥ 1 s of backoff
    await until(async () => (await outbox.list(1))[0]?.lastStatus === 0);
    expect(sent).toEqual(['a', 'b']);
    window.dispatchEvent(new Event('online'));
    await until(() => sent.length === 3);
    expect(await outbox.list(1)).toEqual([]);
  });

  it('tries nothing while the browser says it is offline, and sends when it comes back online', async () => {
    const session = fakeSession({ status: 'authenticated', user: { id: 1 } });
    const send = vi.fn(async () => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // every attempt to send starts by asking for the sender's lock (synchronously, in the flush
    // the start, the enqueue or a call asks for): none is asked for while offline
    const local = createLocalLocks();
    const asked: string[] = [];
    const locks: LockManagerLike = {
      request: (name, callback) => {
        asked.push(name);
        return local.request(name, callback);
      },
    };
    try {
      const { outbox, flush } = startOutbox({
        session,
        handlers: { note: { send } },
        outboxOptions: { db: createDb('sync-offline-test', { indexedDB: new IDBFactory(), IDBKeyRange }), locks },
      });
      await outbox.enqueue({ kind: 'note', orderId: 1, payload: 'a' });
      expect(await flush()).toEqual({ delivered: 0, paused: false });
      expect(asked).toEqual([]);
      expect(send).not.toHaveBeenCalled();
      expect((await outbox.list(1))[0]).toMatchObject({ state: 'queued', attempts: 0 });
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await until(() => send.mock.calls.length === 1);
      expect(await outbox.list(1)).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });
});
