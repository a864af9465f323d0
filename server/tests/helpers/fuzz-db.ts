import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TargetDatabase } from './fuzz-target';

/**
 * Snapshots of the fuzz target's state read straight from its database and upload directory (not
 * through the API under test): every row of every table, keyed by table and `id`, and the sha256 of
 * every stored file. The foreign-change oracle diffs two snapshots; the ground truth is computed on them.
 */
export type Row = Record<string, unknown>;
export interface Snapshot {
  tables: Map<string, Map<string, Row>>;
  /** file name under uploads/ → sha256 of its bytes. */
  files: Map<string, string>;
}
export interface RowChange {
  table: string;
  key: string;
  kind: 'insert' | 'delete' | 'update';
  before?: Row;
  after?: Row;
  /** update: the columns whose value changed. */
  columns: string[];
}
export interface FileChange {
  name: string;
  kind: 'insert' | 'delete' | 'update';
}

/**
 * Tables that are derived data, never a record: SQLite's autoincrement counters and the shadow
 * tables of the full-text indexes (server/src/utils/search), rewritten from the rows they index.
 */
export const DERIVED_TABLES = /^(sqlite_sequence|.*_fts(_(data|idx|docsize|config|content))?)$/;

/** Values made comparable: dates as ISO text, buffers as hex, numbers and bigints as they read. */
function norm(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? v.toString('hex') : v;
  return out;
}

export interface DbReader {
  snapshot(): Promise<Snapshot>;
  close(): Promise<void>;
}

/** Opens the target's database read-only (better-sqlite3 for SQLite, `pg` for PostgreSQL). */
export async function openDatabase(db: TargetDatabase, publicDir: string): Promise<DbReader> {
  const hashes = new Map<string, { size: number; mtime: number; hash: string }>();
  const files = () => {
    const out = new Map<string, string>();
    const dir = path.join(publicDir, 'uploads');
    if (!existsSync(dir)) return out;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (!st.isFile()) continue;
      let h = hashes.get(name);
      if (!h || h.size !== st.size || h.mtime !== st.mtimeMs) {
        h = { size: st.size, mtime: st.mtimeMs, hash: createHash('sha256').update(readFileSync(full)).digest('hex') };
        hashes.set(name, h);
      }
      out.set(name, h.hash);
    }
    return out;
  };
  const keyed = (rows: Row[]) => {
    const m = new Map<string, Row>();
    for (const r of rows) m.set(r.id !== undefined ? String(r.id) : JSON.stringify(r), norm(r));
    return m;
  };
  if (db.client === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const conn = new Database(db.filename, { readonly: true, fileMustExist: true });
    return {
      async snapshot() {
        const names = conn
          .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
          .all()
          .map((r: any) => r.name as string);
        const tables = new Map<string, Map<string, Row>>();
        for (const t of names) if (!DERIVED_TABLES.test(t)) tables.set(t, keyed(conn.prepare(`SELECT * FROM "${t}"`).all() as Row[]));
        return { tables, files: files() };
      },
      async close() {
        conn.close();
      },
    };
  }
  const { default: pg } = await import('pg');
  // numeric and bigint as text, timestamps as the server's text: compared as written
  const types = { getTypeParser: (_oid: number, _format?: any) => (v: string) => v };
  const client = new pg.Client({ ...db.pg!, types: types as any });
  await client.connect();
  return {
    async snapshot() {
      const { rows } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
      const tables = new Map<string, Map<string, Row>>();
      for (const { table_name: t } of rows) if (!DERIVED_TABLES.test(t)) tables.set(t, keyed((await client.query(`SELECT * FROM "${t}"`)).rows));
      return { tables, files: files() };
    },
    async close() {
      await client.end();
    },
  };
}

/** Every row inserted, deleted or changed between `a` and `b`, and every stored file added, removed or rewritten. */
export function diff(a: Snapshot, b: Snapshot): { rows: RowChange[]; files: FileChange[] } {
  const rows: RowChange[] = [];
  for (const table of new Set([...a.tables.keys(), ...b.tables.keys()])) {
    const before = a.tables.get(table) ?? new Map<string, Row>();
    const after = b.tables.get(table) ?? new Map<string, Row>();
    for (const [key, row] of after) {
      const old = before.get(key);
      if (!old) rows.push({ table, key, kind: 'insert', after: row, columns: Object.keys(row) });
      else {
        const columns = Object.keys(row).filter((c) => JSON.stringify(row[c]) !== JSON.stringify(old[c]));
        if (columns.length) rows.push({ table, key, kind: 'update', before: old, after: row, columns });
      }
    }
    for (const [key, row] of before) if (!after.has(key)) rows.push({ table, key, kind: 'delete', before: row, columns: [] });
  }
  const files: FileChange[] = [];
  for (const [name, hash] of b.files) {
    const old = a.files.get(name);
    if (old === undefined) files.push({ name, kind: 'insert' });
    else if (old !== hash) files.push({ name, kind: 'update' });
  }
  for (const name of a.files.keys()) if (!b.files.has(name)) files.push({ name, kind: 'delete' });
  return { rows, files };
}
