import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '@/lib/offline/db';
import { createOutbox } from '@/lib/offline/outbox';
import { OUTBOX_CHANGED_CHANNEL, subscribeOutboxChanges } from '@/lib/offline/outbox-peek';
import '@/lib/offline/sync';

/**
 * The Dexie-free readers (the shell's '3 pendentes', outbox-peek.ts) hear every write of the Dexie
 * outbox: in this tab through their listeners, in the other tabs through a BroadcastChannel.
 */
describe('outbox changes reach the Dexie-free readers', () => {
  it('an enqueue notifies this tab and the others', async () => {
    const here = vi.fn();
    const stop = subscribeOutboxChanges(here);
    const otherTab = new BroadcastChannel(OUTBOX_CHANGED_CHANNEL);
    const there = vi.fn();
    otherTab.onmessage = there;

    const db = createDb('peek-changes', { indexedDB: new IDBFactory(), IDBKeyRange });
    const outbox = createOutbox({ db, handlers: {}, currentUserId: () => 5 });
    await outbox.enqueue({ kind: 'payment.create', orderId: 9, payload: {} });
    await vi.waitFor(() => expect(here).toHaveBeenCalled());
    await vi.waitFor(() => expect(there).toHaveBeenCalled());

    // Dexie reports each committed write in order: once it has reported an outbox write made
    // after the query-cache write, the readers heard both reports, and only the outbox one counts
    here.mockClear();
    const reported: string[] = [];
    const witness = (parts: Record<string, unknown>) => reported.push(...Object.keys(parts));
    Dexie.on('storagemutated', witness);
    await db.queryCache.put({ key: 'rq:5', value: '{}', updatedAt: 1 });
    await outbox.enqueue({ kind: 'payment.create', orderId: 10, payload: {} });
    await vi.waitFor(() => expect(reported.some((k) => k.includes('/outbox/'))).toBe(true));
    Dexie.on('storagemutated').unsubscribe(witness);
    expect(reported.some((k) => k.includes('/queryCache/'))).toBe(true);
    expect(here).toHaveBeenCalledTimes(1);
    stop();
    otherTab.close();
  });
});
