import { Dexie, type EntityTable } from 'dexie';
import { DB_NAME } from './idb';

/**
 * The one IndexedDB database of the PWA, through Dexie, versioned. Tables:
 * - `queryCache`: the persisted React Query cache, one row per query and user
 *   (`key` = `rq:<userId>:<queryHash>`), written by `persister.ts`;
 * - `outbox`: queued writes (plain data, never a token), auto-increment `seq` = creation order;
 * - `outboxBlobs`: the files of queued uploads as Blobs (name and MIME type kept), by the item's `seq`;
 * - `meta`: small flags (the outbox pause of a user after a 401).
 * A schema change adds a `version(n)`; never edit an old version's stores, and change `idb.ts`
 * (which creates the same stores without Dexie) with it.
 */

/** One persisted query: `value` is its JSON (buster and dehydrated query), `updatedAt` its data's `dataUpdatedAt`. */
export interface QueryCacheRow {
  key: string;
  value: string;
  /** ms since epoch: when the stored data arrived (the query's `dataUpdatedAt`); newer data replaces older only. */
  updatedAt: number;
}

/**
 * Where an item is:
 * - `queued`: waiting for its turn (`nextAttemptAt`);
 * - `sending`: a sender holds it now (a stale `sending` left by a closed tab is sent again, same key);
 * - `attention`: the server refused it with a 4xx ('precisa de atenção'): edit, retry or discard.
 * Delivered items are deleted (their effect is on the server).
 */
export type OutboxState = 'queued' | 'sending' | 'attention';

export interface OutboxItem<P = unknown> {
  /** Auto-increment: the creation order (FIFO per order). */
  seq?: number;
  /** The user who made it: only sent with that user's session, only shown to them. */
  userId: number;
  /** The order (sales order numeric id) the item belongs to: items of one order go out in `seq` order. */
  orderId: number;
  /** Handler name, e.g. 'payment.create', 'payment.confirm', 'payment.undo', 'document.upload'. */
  kind: string;
  /** Assigned at enqueue time; kept across retries so a resend never creates a second record. */
  idempotencyKey: string;
  /** Plain data the handler needs (JSON-safe). Multi-step handlers record the step reached here. */
  payload: P;
  state: OutboxState;
  /** Sends tried so far (reset by a manual retry). */
  attempts: number;
  /** ms since epoch before which the item is not sent (backoff). */
  nextAttemptAt: number;
  /** The last failure's text (the server's message when it sent one). */
  lastError?: string;
  /** HTTP status of the last failure (0 = no answer). */
  lastStatus?: number;
  /**
   * The server's error name of the last failure ('ConflictError', 'ValidationError'), when it sent
   * one: an update refused because the record changed since its version is a 409 'ConflictError'
   * with `details.updatedAt` (lib/offline/record-update.ts `isStaleUpdate`).
   */
  lastCode?: string;
  /** The current version named by an update refused because the record changed since its own (`details.updatedAt`). */
  staleAgainst?: string;
  /** ms since epoch. */
  createdAt: number;
  /** `seq` of a queued item this one needs the server result of (Registrar on a queued payment). */
  dependsOn?: number;
  /** The delivered result of `dependsOn` (e.g. the created payment's `{id, documentId}`). */
  dependencyResult?: unknown;
  /** Upload progress, percent 0–100, while sending. */
  progress?: number;
  /** Bytes of the item's file, what its send uploads (set by `enqueue`; absent without a file). */
  fileSize?: number;
}

/** A queued file: stored as a Blob (never inline in JSON) with its name and type. */
export interface OutboxBlob {
  seq: number;
  blob: Blob;
  name: string;
  type: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type BalcaoDb = Dexie & {
  queryCache: EntityTable<QueryCacheRow, 'key'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
  outboxBlobs: EntityTable<OutboxBlob, 'seq'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export { DB_NAME };

/** Opens (lazily) the Balcão database; `name` and `deps` (a fake IndexedDB) only for tests. */
export function createDb(name: string = DB_NAME, deps?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }): BalcaoDb {
  const db = (deps ? new Dexie(name, deps) : new Dexie(name)) as BalcaoDb;
  db.version(1).stores({
    queryCache: 'key',
    outbox: '++seq, userId, [userId+orderId], state',
    outboxBlobs: 'seq',
    meta: 'key',
  });
  return db;
}

let shared: BalcaoDb | undefined;

/** The page's database (one Dexie instance per page). */
export function getDb(): BalcaoDb {
  return (shared ??= createDb());
}
