import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { Stores } from 'koa2-ratelimit';

/**
 * The /auth/* rate-limit counters in the database: every API instance
 * counts in the same rows, so N instances behind a load balancer do not allow N times the limit.
 * One row per bucket (`auth_rate_limits`, api::auth-rate-limit), bumped by one atomic
 * `INSERT … ON CONFLICT (bucket_key) DO UPDATE … RETURNING` (PostgreSQL and SQLite alike): a window
 * that has ended starts again at 1. Keys longer than 200 characters are stored as their sha256.
 * Ended windows are deleted at most once a minute per instance (deleting twice is harmless).
 */
const UID = 'api::auth-rate-limit.auth-rate-limit';
const storedKey = (key: string) => (key.length > 200 ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key);

export class DatabaseStore extends (Stores.Store as unknown as new () => object) {
  private lastPurge = 0;

  /** The running Strapi (read at each call: a test process may start a second one after the first stopped). */
  private get strapi(): Core.Strapi {
    return (globalThis as unknown as { strapi: Core.Strapi }).strapi;
  }

  private table(): string {
    return this.strapi.db.metadata.get(UID).tableName;
  }

  /** Counts `weight` hits on `key`; returns the count in the current window and when it ends (ms). */
  async incr(key: string, options: { interval: number }, weight = 1): Promise<{ counter: number; dateEnd: number }> {
    const now = Date.now();
    const end = now + options.interval;
    const t = this.table();
    const knex = this.strapi.db.connection;
    // RETURNING rows: an array on SQLite (better-sqlite3), `{rows}` on PostgreSQL
    type Row = { hits: number | string; reset_at: number | string };
    const result: Row[] | { rows: Row[] } = await knex.raw(
      `INSERT INTO ?? (bucket_key, hits, reset_at) VALUES (?, ?, ?)
       ON CONFLICT (bucket_key) DO UPDATE SET
         hits = CASE WHEN ??.reset_at <= ? THEN excluded.hits ELSE ??.hits + excluded.hits END,
         reset_at = CASE WHEN ??.reset_at <= ? THEN excluded.reset_at ELSE ??.reset_at END
       RETURNING hits, reset_at`,
      [t, storedKey(key), weight, end, t, now, t, t, now, t],
    );
    const row = Array.isArray(result) ? result[0] : result.rows[0];
    this.purge(now);
    return { counter: Number(row.hits), dateEnd: Number(row.reset_at) };
  }

  /** Takes `weight` hits back (koa2-ratelimit's skipFailedRequests/skipSuccessfulRequests). */
  async decrement(key: string, _options: unknown, weight = 1): Promise<void> {
    await this.strapi.db
      .connection(this.table())
      .where({ bucket_key: storedKey(key) })
      .update({ hits: this.strapi.db.connection.raw('hits - ?', [weight]) });
  }

  saveAbuse(): void {}

  private purge(now: number) {
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    this.strapi.db
      .connection(this.table())
      .where('reset_at', '<=', now)
      .delete()
      .catch((e: Error) => this.strapi.log.warn(`[rate-limit] purge failed: ${e.message}`));
  }
}
