/** Row count and sha256 of each table's rows, by table name (see sqlite.ts / postgres.ts for how rows are hashed). */
export type TableSums = Record<string, { rows: number; sha256: string }>;

/** A row of the upload plugin's `files` table, the part that names stored objects. */
export interface FileRow {
  url: string | null;
  /** JSON text (SQLite) or object (PostgreSQL jsonb): `{ thumbnail: { url }, ... }`. */
  formats: unknown;
  mime: string | null;
}

/** One stored file in the archive (under `uploads/`). */
export interface ArchivedFile {
  /** The object's name: the part of its url after `/uploads/`. */
  name: string;
  size: number;
  sha256: string;
  type: string | null;
}

/** `manifest.json` at the root of an archive. */
export interface Manifest {
  format: 'balcao-backup';
  version: 1;
  /** ISO date of the snapshot's moment (when the database was read). */
  createdAt: string;
  app: { version: string };
  database: { client: 'sqlite' | 'postgres'; file: string; tables: TableSums };
  /** `missing`: files a row of that moment names that were in the storage at no point of the backup. */
  uploads: { storage: 'local' | 's3'; files: ArchivedFile[]; missing: string[] };
}

/** Progress messages of a backup or a restore. */
export type Log = (message: string) => void;
