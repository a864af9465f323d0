import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@/lib/offline/db';
import { createLocalLocks, createOutbox } from '@/lib/offline/outbox';
import { OUTBOX_LOCK, type LockManagerLike } from '@/lib/offline/locks';
import { getUpdateState, offerUpdate, requestUpdate } from '@/lib/offline/update';

/**
 * An update offered while a send is in flight waits for it: the rule itself with the
 * real outbox (the browser end, a second release of sw.js waiting: tests/e2e/offline-update.spec.ts): 'Atualizar' takes the sender's lock, so
 * the new release is activated only after the send in flight is delivered, and no send starts
 * after it.
 */
describe("'Atualizar' while the outbox is sending", () => {
  it('waits for the send in flight, then activates the new release; a flush asked meanwhile does not start', async () => {
    // the outbox's in-page locks, with the names asked for in order (the sender's, the update's)
    const local = createLocalLocks();
    const asked: string[] = [];
    const locks: LockManagerLike = {
      request: (name, callback) => {
        asked.push(name);
        return local.request(name, callback);
      },
    };
    const db = createDb(`update-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    let finishSend!: () => void;
    const events: string[] = [];
    const outbox = createOutbox({
      db,
      locks,
      currentUserId: () => 1,
      // one order at a time, so the second item is sent after the first (the lanes are tested in outbox.test.ts)
      concurrency: 1,
      handlers: {
        slow: {
          send: () =>
            new Promise((resolve) => {
              events.push('send started');
              finishSend = () => {
                events.push('send delivered');
                resolve({ ok: true });
              };
            }),
        },
      },
    });
    await outbox.enqueue({ kind: 'slow', orderId: 1, payload: {} });
    await outbox.enqueue({ kind: 'slow', orderId: 2, payload: {} });
    const apply = vi.fn(async () => void events.push('update applied'));
    offerUpdate(apply);
    expect(getUpdateState()).toBe('available');

    const flushing = outbox.flush();
    await vi.waitFor(() => expect(events).toEqual(['send started']));
    void requestUpdate(locks);
    // the update asked for the sender's lock, which the send holds: it waits
    expect(asked).toEqual([OUTBOX_LOCK, OUTBOX_LOCK]);
    expect(getUpdateState()).toBe('waiting-for-send');
    expect(apply).not.toHaveBeenCalled();

    // The first item is delivered; the flush goes on to the second one before releasing the lock.
    finishSend();
    await vi.waitFor(() => expect(events).toEqual(['send started', 'send delivered', 'send started']));
    expect(apply).not.toHaveBeenCalled();
    finishSend();
    await flushing;
    await vi.waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    expect(getUpdateState()).toBe('updating');
    expect(events).toEqual(['send started', 'send delivered', 'send started', 'send delivered', 'update applied']);

    // The update holds the lock until the page reloads: a later flush never starts a send under it.
    await outbox.enqueue({ kind: 'slow', orderId: 3, payload: {} });
    void outbox.flush();
    // that flush asked for the lock too, and waits behind the update, which never lets it go
    expect(asked).toEqual([OUTBOX_LOCK, OUTBOX_LOCK, OUTBOX_LOCK]);
    expect(events.filter((e) => e === 'send started')).toHaveLength(2);
  });
});
