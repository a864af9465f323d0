import { rmSync } from 'node:fs';

/**
 * Removes the run's temporary SQLite file (with its WAL and shared-memory files) and its e-mail
 * outbox folder, both named per run by playwright.config.ts, so repeated runs leave nothing in
 * the system's temporary folder.
 */
export default function globalTeardown(): void {
  const db = process.env.E2E_DB;
  if (db) for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${db}${suffix}`, { force: true });
  const outbox = process.env.E2E_OUTBOX;
  if (outbox) rmSync(outbox, { recursive: true, force: true });
}
