import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

/** A driver error and the errors it wraps (knex, pg and better-sqlite3 name them differently). */
type DriverError = { code?: unknown; cause?: DriverError; originalError?: DriverError; nativeError?: DriverError };

/** PostgreSQL's unique_violation and better-sqlite3's unique-constraint codes. */
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** Whether `e` (or an error it wraps) is the database refusing a row that breaks a unique index. */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur = e as DriverError | undefined, depth = 0; cur && depth < 4; cur = cur.cause ?? cur.originalError ?? cur.nativeError, depth++) {
    if (typeof cur.code === 'string' && UNIQUE_CODES.has(cur.code)) return true;
  }
  return false;
}

/** A business uniqueness check of one write (`documentId` null on create): throws the rule's own 400/409 when another record holds the value. */
export type UniqueCheck = (strapi: Core.Strapi, data: Record<string, unknown>, documentId: string | null) => Promise<void>;

/**
 * Runs `write` (a create or update already checked by `unique`) and, when it fails because another write of
 * the same value got in between — the database's unique index refused the row (PostgreSQL, whose loser waits
 * for the winner's commit), or Strapi's own unique validator saw the winner's row (SQLite, whose writers take
 * turns) — runs `unique` again, which now finds the winner and throws the rule's own answer: a writer that
 * loses the race gets exactly what a sequential repeat gets (docs/architecture.md "Concurrent writes").
 * Any other failure, or one inside a caller's transaction (on PostgreSQL an aborted transaction cannot be
 * read again; global::db-errors answers its unique violation with a generic 409), is rethrown untouched.
 */
export async function writeOrConflict<T>(
  strapi: Core.Strapi,
  unique: UniqueCheck | undefined,
  data: Record<string, unknown>,
  documentId: string | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (unique && (isUniqueViolation(e) || e instanceof errors.ValidationError) && !strapi.db.inTransaction()) await unique(strapi, data, documentId);
    throw e;
  }
}

/**
 * Holds, until the caller's transaction ends, a lock named `key` (a business value, e.g. `company-agreement:3:7`):
 * on PostgreSQL a transaction-scoped advisory lock (`pg_advisory_xact_lock` of the key's 64-bit hash), so a
 * second transaction asking for the same key — on this instance or another — waits for the first to commit
 * before it checks the value. On SQLite nothing is needed: every write transaction holds the database's write
 * lock from its start (utils/sqlite-writers.ts). For values no unique index can hold (a pair of relations lives
 * in link tables). Throws when called outside a transaction, where the lock would end at once.
 */
export async function lockValue(strapi: Core.Strapi, key: string): Promise<void> {
  if (!strapi.db.inTransaction()) throw new Error(`lockValue(${key}) outside a transaction`);
  if (strapi.db.dialect.client !== 'postgres') return;
  await strapi.db.transaction(({ trx }) => trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]));
}
