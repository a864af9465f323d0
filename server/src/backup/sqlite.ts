import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FileRow, TableSums } from './types';

/** The part of better-sqlite3 used here (the package ships no types). */
interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  raw(on?: boolean): SqliteStatement;
  get(...params: unknown[]): unknown;
}
interface SqliteDb {
  prepare(sql: string): SqliteStatement;
  pragma(sql: string): unknown;
  backup(file: string, options?: { progress?: (p: { totalPages: number; remainingPages: number }) => number }): Promise<unknown>;
  close(): void;
}
type SqliteCtor = new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean; timeout?: number }) => SqliteDb;

const load = createRequire(__filename);
const open = (file: string, readonly: boolean): SqliteDb => {
  const Database = load('better-sqlite3') as SqliteCtor;
  return new Database(file, { readonly, fileMustExist: true, timeout: 30_000 });
};

/**
 * Copies the live database `filename` to `dest` with SQLite's online backup API, in one step: the
 * pages are read under one read lock, so `dest` is the database of one moment while the app keeps
 * writing (its writers wait for that lock like for any reader, up to their busy timeout).
 */
export async function snapshotSqlite(filename: string, dest: string): Promise<void> {
  const db = open(filename, true);
  try {
    // the first step only learns the page count; every later one copies all remaining pages at once
    await db.backup(dest, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** The tables whose rows are the data: every ordinary table (FTS5 shadow tables included), not virtual ones. */
function tablesOf(db: SqliteDb): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string; sql: string | null }>;
  return rows.filter((r) => !/^\s*CREATE\s+VIRTUAL\s/i.test(r.sql ?? '')).map((r) => r.name);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One row as text that says everything about its values (blobs in base64). */
function rowText(values: unknown[]): string {
  return JSON.stringify(values.map((v) => (Buffer.isBuffer(v) ? { blob: v.toString('base64') } : typeof v === 'bigint' ? v.toString() : v)));
}

/**
 * Row count and sha256 of every table of the SQLite file `filename`: each row's values as JSON,
 * the lines sorted, hashed in that order (independent of the physical row order).
 */
export function sqliteTableSums(filename: string): TableSums {
  const db = open(filename, true);
  try {
    const sums: TableSums = {};
    for (const table of tablesOf(db)) {
      const lines = (
        db
          .prepare(`SELECT * FROM ${quote(table)}`)
          .raw(true)
          .all() as unknown[][]
      )
        .map(rowText)
        .sort();
      const hash = createHash('sha256');
      for (const line of lines) hash.update(line).update('\n');
      sums[table] = { rows: lines.length, sha256: hash.digest('hex') };
    }
    return sums;
  } finally {
    db.close();
  }
}

/** The upload plugin's file rows (`files`: url, formats, mime) of the SQLite file; none when the table is absent. */
export function sqliteFileRows(filename: string): FileRow[] {
  const db = open(filename, true);
  try {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'files'").get()) return [];
    return db.prepare('SELECT url, formats, mime FROM files').all() as FileRow[];
  } finally {
    db.close();
  }
}

/** The first table of `filename` holding a row, or null when the file is absent or has no rows. */
export function sqliteTableWithData(filename: string): string | null {
  if (!existsSync(filename)) return null;
  const db = open(filename, true);
  try {
    for (const table of tablesOf(db)) if (db.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get()) return table;
    return null;
  } finally {
    db.close();
  }
}

/**
 * Puts the snapshot `source` in place as the database file `filename` (the app must be stopped):
 * written next to it, then renamed over it, and any journal of the previous file removed.
 */
export function restoreSqlite(source: string, filename: string): void {
  mkdirSync(path.dirname(filename), { recursive: true });
  const partial = `${filename}.restoring`;
  copyFileSync(source, partial);
  for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${filename}${suffix}`, { force: true });
  renameSync(partial, filename);
}
