import type { Core } from '@strapi/strapi';
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Client, type ClientConfig } from 'pg';

/**
 * What several API instances on one database need at start and stop (docs/deploy.md).
 *
 * Boot lock: on PostgreSQL each instance holds a session advisory lock (pg_advisory_lock, key
 * BOOT_LOCK_KEY) from its `register` to the end of its `bootstrap`, on a connection of its own. Strapi's
 * schema sync, the plugins' bootstraps (users-permissions' roles) and our seed therefore run on one
 * instance at a time: two instances starting at once on an empty database seed it exactly once, the
 * second finding every row already there. The lock goes with the connection if the process dies.
 * SQLite takes no lock: its processes are those of one `npm start`, whose first process boots (schema
 * sync, seed) before the others start (scripts/start.mjs).
 *
 * Graceful stop: Strapi's own SIGTERM/SIGINT handler destroys every open connection at once, cutting
 * requests in flight. It is replaced by one that first drains — /_ready answers 503 for
 * SHUTDOWN_DRAIN_MS (default 2000 ms, longer than the balancer's fall × interval) while every other
 * request is still served, so the balancer stops routing here — then stops accepting connections, lets
 * the requests in flight finish (at most SHUTDOWN_TIMEOUT_MS, default 25 000 ms), destroys Strapi and
 * exits 0. With a balancer that also retries refused connections on another instance
 * (deploy/haproxy.cfg), a rolling restart loses no request.
 */
const BOOT_LOCK_KEY = 4_242_013;

let lockClient: Client | null = null;
let draining = false;

/** True from the stop signal on: /_ready answers 503 so the balancer takes this instance out (utils/readiness.ts). */
export const isDraining = () => draining;

/**
 * Whether this process schedules the sweeps (Strapi cron tasks): yes unless SCHEDULED_TASKS=off. Instances
 * behind a balancer all run them (each deletion is idempotent); `npm start` gives them to one of its
 * worker processes, and to that worker's replacement when it dies (scripts/start.mjs).
 */
export const scheduledTasksHere = () => process.env.SCHEDULED_TASKS !== 'off';

/**
 * In a worker of `npm start` (Node's cluster), writes the error that is about to end the process — an
 * uncaught exception or an unhandled rejection — as `<origin>: <stack>` to the file FATAL_ERROR_FILE
 * names, synchronously (an IPC message sent now may never leave: the process ends first); the
 * primary logs it beside the exit code. No-op without FATAL_ERROR_FILE.
 */
export function reportFatalErrorsToPrimary(): void {
  const file = process.env.FATAL_ERROR_FILE;
  if (!file) return;
  process.on('uncaughtExceptionMonitor', (error: unknown, origin: string) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    try {
      writeFileSync(file, `${origin}: ${text}`);
    } catch {
      // the primary then logs the exit without the error
    }
  });
}

/** Takes the boot lock (PostgreSQL only); waits while another instance holds it. */
export async function acquireBootLock(strapi: Core.Strapi): Promise<void> {
  const db = strapi.config.get<{ client?: string; connection?: ClientConfig & { connectionString?: string } }>('database.connection');
  if (db?.client !== 'postgres') return;
  const c = db.connection ?? {};
  const client = new Client({
    connectionString: c.connectionString,
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    password: c.password,
    ssl: c.ssl || undefined,
  });
  await client.connect();
  const started = Date.now();
  await client.query('SELECT pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
  const waited = Date.now() - started;
  if (waited > 1000) strapi.log.info(`[boot-lock] waited ${waited} ms for another instance's start`);
  lockClient = client;
}

/** Releases the boot lock taken by acquireBootLock (no-op when none). */
export async function releaseBootLock(): Promise<void> {
  const client = lockClient;
  lockClient = null;
  if (!client) return;
  try {
    await client.query('SELECT pg_advisory_unlock($1)', [BOOT_LOCK_KEY]);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Replaces Strapi's signal handler with the graceful stop described above. */
export function registerGracefulShutdown(strapi: Core.Strapi): void {
  const timeout = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const server = strapi.server.httpServer;
  server.on('request', (_req: unknown, res: ServerResponse) => {
    inFlight++;
    res.on('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining = true;
    const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 2000);
    strapi.log.info(`[shutdown] ${signal}: draining for ${drainMs} ms (/_ready answers 503)`);
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    strapi.log.info(`[shutdown] no new connections; ${inFlight} request(s) in flight`);
    // Keep-alive connections answer their current request with `Connection: close`, then close.
    server.on('request', (_req: unknown, res: ServerResponse) => res.setHeader('Connection', 'close'));
    server.close();
    server.closeIdleConnections?.();
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        idle = resolve;
        setTimeout(resolve, timeout).unref();
      });
    }
    strapi.log.info('[shutdown] requests finished; stopping');
    await strapi.destroy();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const fn of process.listeners(signal)) if (fn.name === 'terminateStrapi') process.removeListener(signal, fn);
    process.on(signal, () => {
      stop(signal).catch((error: unknown) => {
        strapi.log.error(`[shutdown] ${signal}: ${(error as Error)?.stack ?? String(error)}`);
        process.exit(1);
      });
    });
  }
}
