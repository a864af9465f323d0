import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { Piscina } from 'piscina';

/**
 * Reads that leave the event loop on SQLite (docs/performance.md "The home").
 *
 * better-sqlite3 runs a statement synchronously on the thread that asks. The home's aggregates take 5–30 ms on the
 * large seed; run on the event loop, every request in flight waits for each of them, and because a request sends
 * several statements (the signed-in user, its role, the aggregate), ten callers interleave statement by statement and
 * the unlucky ones wait for two or three rounds of everyone's aggregates. `readOffLoop` sends one read-only statement to a
 * pool of reader threads (piscina; SQLITE_READERS threads per process, default 1), each with its own read-only
 * connection to the same file: SQLite's WAL lets them read the last committed state while the main connection writes,
 * and the aggregates queue in order on the reader, as they would on a database server. On PostgreSQL (or an
 * in-memory SQLite file) the statement runs on the app's own connection pool.
 *
 * Only for single statements that read (a figure, never part of a transaction: a reader thread does not see the
 * uncommitted writes of the main connection).
 */

/**
 * The reads waiting for a thread, oldest first, and how many threads are busy. Piscina's own queue is not first come,
 * first served: a task submitted while its queue is empty goes to a "skip queue" it drains first, so at 10 callers
 * that resubmit as soon as they are answered four tasks waited the whole run (2.7 s against 0.17 s for the others).
 * Here a read is handed to piscina only when a thread is free, and a finished read hands its thread straight to the
 * oldest waiting one, so piscina never queues and the reads run in the order they were asked.
 */
const waiting: (() => void)[] = [];
let busy = 0;

/** Runs `task` when a reader thread is free, first come first served (`waiting`). */
export async function inTurn<T>(threads: number, task: () => Promise<T>): Promise<T> {
  if (busy < threads) busy += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

/** The SQLite file of each instance's connection, or null (PostgreSQL, or SQLite in memory): read from its config once. */
const files = new WeakMap<Core.Strapi, string | null>();

function sqliteFile(strapi: Core.Strapi): string | null {
  let file = files.get(strapi);
  if (file === undefined) {
    const config = strapi.config.get<{ client?: string; connection?: { filename?: string } }>('database.connection');
    const filename = config?.client === 'sqlite' ? config.connection?.filename : undefined;
    file = filename && filename !== ':memory:' ? filename : null;
    files.set(strapi, file);
  }
  return file;
}

/** The reader threads' pool and its size (SQLITE_READERS, default 1), started at the first read (the compiled worker sits beside this file). */
let pool: { piscina: Piscina; threads: number } | undefined;

function readers(): { piscina: Piscina; threads: number } {
  if (!pool) {
    const threads = Math.max(1, Number(process.env.SQLITE_READERS) || 1);
    const filename = path.join(__dirname, 'worker.js');
    pool = { piscina: new Piscina({ filename, minThreads: threads, maxThreads: threads, idleTimeout: Infinity }), threads };
  }
  return pool;
}

/**
 * The rows of `query` (a knex builder that reads): on SQLite from a reader thread, elsewhere from the app's pool.
 * Bindings are formatted as knex's better-sqlite3 client does (a Date → its milliseconds, a boolean → 0/1).
 * @throws the database's error, as running the builder would.
 */
export async function readOffLoop<T = Record<string, unknown>>(strapi: Core.Strapi, query: Knex.QueryBuilder): Promise<T[]> {
  const filename = sqliteFile(strapi);
  if (!filename) return (await query) as T[];
  const { sql, bindings } = query.toSQL().toNative();
  const values = bindings.map((b) => (b instanceof Date ? b.valueOf() : typeof b === 'boolean' ? Number(b) : b));
  const { piscina, threads } = readers();
  return (await inTurn(threads, () => piscina.run({ filename, sql, bindings: values }))) as T[];
}

/** Stops the reader threads (Strapi's destroy: the process, or a test's second instance, ends cleanly). */
export async function stopReaders(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.piscina.destroy();
}
