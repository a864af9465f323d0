/**
 * The Balcão IndexedDB database without Dexie (Dexie, ~33 KiB gzipped, loads only when
 * the outbox has work). Dexie (`db.ts`) stays the outbox's store; this module opens the same
 * database with the same schema for what every signed-in page needs — the persisted query cache
 * (`persister.ts`) and a look at the outbox (`outbox-peek.ts`) — so a page whose outbox is empty
 * never downloads Dexie.
 *
 * Whoever comes first creates the database: this module creates exactly the stores and indexes
 * Dexie's `version(1)` declares (Dexie's native version is its version × 10), so Dexie opens it
 * afterwards as its own (tests/unit/offline/idb.test.ts). A schema change in `db.ts` must change
 * {@link createStores} and {@link NATIVE_VERSION} with it.
 */

/** Name of the IndexedDB database. */
export const DB_NAME = 'balcao';
/** Dexie's `version(1)` as IndexedDB sees it (Dexie multiplies by 10). */
export const NATIVE_VERSION = 10;

/** The stores of Dexie's `version(1)` (db.ts), created as Dexie creates them. */
function createStores(db: IDBDatabase) {
  db.createObjectStore('queryCache', { keyPath: 'key', autoIncrement: false });
  const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
  outbox.createIndex('userId', 'userId', { unique: false, multiEntry: false });
  outbox.createIndex('[userId+orderId]', ['userId', 'orderId'], { unique: false, multiEntry: false });
  outbox.createIndex('state', 'state', { unique: false, multiEntry: false });
  db.createObjectStore('outboxBlobs', { keyPath: 'seq', autoIncrement: false });
  db.createObjectStore('meta', { keyPath: 'key', autoIncrement: false });
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });

function open(name: string, factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = version === undefined ? factory.open(name) : factory.open(name, version);
    req.onupgradeneeded = (e) => {
      if (e.oldVersion === 0) createStores(req.result);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
}

/** Opens the database lazily, once, and reopens after a close; see {@link idbOpener}. */
export type OpenDb = () => Promise<IDBDatabase>;

/**
 * An opener of the database `name` (a fake IndexedDB `factory` in tests). A newer release's
 * Dexie upgrade closes this connection (`versionchange`) instead of waiting behind it; the next
 * call opens again. A database already at a higher version is opened as it is.
 */
export function idbOpener(name: string = DB_NAME, factory?: IDBFactory): OpenDb {
  let shared: Promise<IDBDatabase> | undefined;
  return () =>
    (shared ??= (async () => {
      const idb = factory ?? indexedDB;
      let db: IDBDatabase;
      try {
        db = await open(name, idb, NATIVE_VERSION);
      } catch (error) {
        if ((error as DOMException | null)?.name !== 'VersionError') throw error;
        db = await open(name, idb);
      }
      const forget = () => {
        db.close();
        shared = undefined;
      };
      db.onversionchange = forget;
      db.onclose = () => (shared = undefined);
      return db;
    })().catch((error: unknown) => {
      shared = undefined;
      throw error;
    }));
}

/** The page's opener of the Balcão database. */
export const openBalcaoDb: OpenDb = idbOpener();

/** Reads `key` of `store` (undefined when absent). */
export async function idbGet<T>(open: OpenDb, store: string, key: IDBValidKey): Promise<T | undefined> {
  const db = await open();
  return request<T | undefined>(db.transaction(store, 'readonly').objectStore(store).get(key));
}

/** Writes `value` (in-line key) to `store`. */
export async function idbPut(open: OpenDb, store: string, value: unknown): Promise<void> {
  const db = await open();
  await request(db.transaction(store, 'readwrite').objectStore(store).put(value));
}

/** Deletes `key` of `store`. */
export async function idbDelete(open: OpenDb, store: string, key: IDBValidKey): Promise<void> {
  const db = await open();
  await request(db.transaction(store, 'readwrite').objectStore(store).delete(key));
}

/** Empties `store`. */
export async function idbClear(open: OpenDb, store: string): Promise<void> {
  const db = await open();
  await request(db.transaction(store, 'readwrite').objectStore(store).clear());
}

/** Every row of `store` whose `index` equals `value`. */
export async function idbGetAllByIndex<T>(open: OpenDb, store: string, index: string, value: IDBValidKey): Promise<T[]> {
  const db = await open();
  return request<T[]>(db.transaction(store, 'readonly').objectStore(store).index(index).getAll(value));
}

/** Every row of `store`. */
export async function idbGetAll<T>(open: OpenDb, store: string): Promise<T[]> {
  const db = await open();
  return request<T[]>(db.transaction(store, 'readonly').objectStore(store).getAll());
}

/**
 * Runs `work` on `store` in one readwrite transaction and resolves when it commits (rejects when
 * it aborts, e.g. QuotaExceededError). `work` chains its requests in their callbacks: awaiting
 * anything else inside would let the transaction commit early.
 */
export async function idbReadWrite(open: OpenDb, store: string, work: (store: IDBObjectStore) => void): Promise<void> {
  const db = await open();
  const tx = db.transaction(store, 'readwrite');
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
  work(tx.objectStore(store));
  return done;
}
