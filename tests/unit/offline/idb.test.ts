import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDb } from '@/lib/offline/db';
import { NATIVE_VERSION, idbGet, idbOpener, idbPut } from '@/lib/offline/idb';
import { hasOutboxItems, readOutboxItems } from '@/lib/offline/outbox-peek';
import { createOutbox } from '@/lib/offline/outbox';

/**
 * The persisted cache and the outbox peek open the Balcão database without Dexie. Either
 * side may create it first; the other must use it as it is (no upgrade, same stores and indexes).
 */
const schemaOf = (db: IDBDatabase) =>
  Object.fromEntries(
    [...db.objectStoreNames].sort().map((name) => {
      const store = db.transaction(name, 'readonly').objectStore(name);
      const indexes = [...store.indexNames].sort().map((i) => {
        const idx = store.index(i);
        return [i, idx.keyPath, idx.unique, idx.multiEntry];
      });
      return [name, { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes }];
    }),
  );

async function nativeSchema(factory: IDBFactory, name: string) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const result = { version: db.version, stores: schemaOf(db) };
  db.close();
  return result;
}

describe('the Balcão database without Dexie', () => {
  it('creates the same stores and indexes as Dexie, at the version Dexie expects', async () => {
    const byDexie = new IDBFactory();
    const dexie = createDb('schema', { indexedDB: byDexie, IDBKeyRange });
    await dexie.open();
    dexie.close();
    const byUs = new IDBFactory();
    const open = idbOpener('schema', byUs);
    (await open()).close();
    const ours = await nativeSchema(byUs, 'schema');
    expect(ours).toEqual(await nativeSchema(byDexie, 'schema'));
    expect(ours.version).toBe(NATIVE_VERSION);
  });

  it('a database created without Dexie is then used by the Dexie outbox, and the peek sees its items', async () => {
    const factory = new IDBFactory();
    const open = idbOpener('shared', factory);
    await idbPut(open, 'queryCache', { key: 'rq:7', value: '{}', updatedAt: 1 });
    expect(await hasOutboxItems(7, open)).toBe(false);

    const db = createDb('shared', { indexedDB: factory, IDBKeyRange });
    const outbox = createOutbox({ db, handlers: {}, currentUserId: () => 7 });
    await outbox.enqueue({ kind: 'payment.create', orderId: 3, payload: { n: 1 } });
    await outbox.enqueue({ kind: 'payment.create', orderId: 4, payload: { n: 2 } });
    expect((await db.queryCache.get('rq:7'))?.value).toBe('{}');
    expect(db.verno).toBe(1);

    expect(await hasOutboxItems(7, open)).toBe(true);
    expect(await hasOutboxItems(8, open)).toBe(false);
    expect((await readOutboxItems(7, open)).map((i) => i.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await idbGet(open, 'queryCache', 'rq:7')).toMatchObject({ value: '{}' });
    expect((await nativeSchema(factory, 'shared')).version).toBe(NATIVE_VERSION);
  });
});
