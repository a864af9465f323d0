/**
 * SQLite shared by several server processes (`npm start` runs one per core on one file: docs/deploy.md
 * "One machine"). Every connection Strapi opens (knex pool `afterCreate`) gets:
 * - `journal_mode = WAL`: readers never block the writer nor each other; it is stored in the file;
 * - `busy_timeout` = DATABASE_BUSY_TIMEOUT_MS (default 5000 ms): a write that finds another process's
 *   write lock waits for it (SQLite retries, blocking this process's thread meanwhile) instead of failing;
 * - write transactions opened with `BEGIN IMMEDIATE`. Knex opens every transaction with a plain (deferred)
 *   `BEGIN`, and Strapi's Document Service wraps each write in a transaction, where an update reads before it writes.
 *   A deferred transaction that already read cannot wait for the write lock: SQLite answers SQLITE_BUSY
 *   at once (SQLITE_BUSY_SNAPSHOT in WAL mode when another process wrote since its read), which the API
 *   would answer with a 500. `BEGIN IMMEDIATE` takes the write lock first, under the busy timeout. It is
 *   used for every transaction except those of a GET or HEAD request, which stay deferred so the
 *   processes' reads run side by side (a GET that wrote after reading in one transaction would meet
 *   SQLITE_BUSY again; none is known to: single statements outside a transaction wait).
 * Within one process knex's SQLite pool has one connection, so transactions there already run one at a time.
 */
import type { Core } from '@strapi/strapi';

interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(source: string, ...rest: unknown[]): unknown;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** True when the statement runs for a GET or HEAD request (Strapi's request context, AsyncLocalStorage). */
function inReadRequest(): boolean {
  const strapi = (globalThis as { strapi?: Core.Strapi }).strapi;
  const ctx = strapi?.requestContext?.get() as { method?: string } | undefined;
  return ctx?.method !== undefined && READ_METHODS.has(ctx.method);
}

/** The busy timeout in ms (DATABASE_BUSY_TIMEOUT_MS, default 5000, at least 0). */
export function busyTimeoutMs(): number {
  const ms = Number(process.env.DATABASE_BUSY_TIMEOUT_MS);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : 5000;
}

/**
 * Sets the pragmas above on a new better-sqlite3 connection and makes its write transactions
 * `BEGIN IMMEDIATE` (the connection's own `prepare` is wrapped: only the exact `BEGIN;` knex sends
 * is changed). Returns the connection.
 */
export function prepareSqliteConnection<T extends SqliteConnection>(conn: T): T {
  conn.pragma(`busy_timeout = ${busyTimeoutMs()}`);
  conn.pragma('journal_mode = WAL');
  const prepare = conn.prepare.bind(conn) as SqliteConnection['prepare'];
  conn.prepare = (source: string, ...rest: unknown[]) => prepare(source === 'BEGIN;' && !inReadRequest() ? 'BEGIN IMMEDIATE;' : source, ...rest);
  return conn;
}

/** knex pool options for the SQLite connection of config/database.ts. */
export const sqlitePool = {
  afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: SqliteConnection) => void) {
    try {
      done(null, prepareSqliteConnection(conn));
    } catch (err) {
      done(err as Error, conn);
    }
  },
};
