// @vitest-environment node
// Node, not jsdom: fake-indexeddb clones with Node's structuredClone, which knows Node's Blob.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDb } from '@/lib/offline/db';
import { idbOpener } from '@/lib/offline/idb';
import { createOutbox } from '@/lib/offline/outbox';
import { readOutboxItems } from '@/lib/offline/outbox-peek';
import { installLocalStorage } from './harness';

installLocalStorage(); // tests/unit/setup.ts clears it after each test

describe('the size a queued item will send', () => {
  it('is stored with an item that has a file (its bytes), absent without one, and read by the queue page without Dexie', async () => {
    const factory = new IDBFactory();
    const db = createDb('sizes', { indexedDB: factory, IDBKeyRange });
    const outbox = createOutbox({ db, handlers: {}, currentUserId: () => 7 });
    const photo = new Blob([new Uint8Array(812 * 1024)], { type: 'image/jpeg' });
    const upload = await outbox.enqueue({ kind: 'document.upload', orderId: 1, payload: {}, file: { blob: photo, name: 'cnh.jpg' } });
    const payment = await outbox.enqueue({ kind: 'payment.create', orderId: 1, payload: {} });
    expect(upload.fileSize).toBe(812 * 1024);
    expect(payment.fileSize).toBeUndefined();
    expect((await outbox.list(7)).map((i) => i.fileSize)).toEqual([812 * 1024, undefined]);
    expect((await readOutboxItems(7, idbOpener('sizes', factory))).map((i) => i.fileSize)).toEqual([812 * 1024, undefined]);
  });
});
