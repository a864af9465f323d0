import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extract as tarExtract } from 'tar';
import { hashFile, openFileStore } from './files';
import { pgConnect, pgRestore, pgTableSums, pgTableWithData } from './postgres';
import { databaseFromEnv, envFrom, storageFromEnv, type ConfigurationRecord } from './settings';
import { restoreSqlite, sqliteTableSums, sqliteTableWithData } from './sqlite';
import type { Log, Manifest, TableSums } from './types';

/** A restore that would overwrite data or cannot apply to this installation: the message says why (pt-BR / en). */
export class RestoreRefused extends Error {}

/** What `restoreBackup` needs: the environment of the target installation, server/, the archive. */
export interface RestoreOptions {
  vars: NodeJS.ProcessEnv;
  serverDir: string;
  archive: string;
  /** Replace a database that already has data. */
  force?: boolean;
  log?: Log;
}

function readManifest(file: string): Manifest {
  const m = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  if (m.format !== 'balcao-backup' || m.version !== 1 || !m.database || !m.uploads) {
    throw new RestoreRefused('Este arquivo não é um backup do Balcão (manifest.json desconhecido). / This is not a Balcão backup archive.');
  }
  return m as Manifest;
}

/** Tables whose row count or sha256 differ between `a` and `b`. */
function differing(a: TableSums, b: TableSums): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((t) => a[t]?.rows !== b[t]?.rows || a[t]?.sha256 !== b[t]?.sha256).sort();
}

/**
 * Restores `archive` (written by createBackup) into the installation the environment names: its
 * database (SQLite file or PostgreSQL database) and its file storage (PUBLIC_DIR/uploads or the
 * bucket). The app must be stopped; it starts on the restored state afterwards.
 *
 * Refuses (RestoreRefused) when the archive is not a backup, when its database client differs
 * from the target's, or when the target database already holds a row, unless `force`. Checks
 * every file's sha256 before writing anything, and every table's row count and sha256 after the
 * restore against the manifest (throws naming the tables that differ). Returns the manifest and
 * the configuration recorded at backup time (non-secret values, names of the secrets that were set).
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: Manifest; configuration: ConfigurationRecord }> {
  const log = options.log ?? (() => undefined);
  if (!existsSync(options.archive)) throw new RestoreRefused(`Arquivo não encontrado: ${options.archive} / Archive not found.`);
  const env = envFrom(options.vars);
  const database = databaseFromEnv(env, options.serverDir);
  const storage = storageFromEnv(env, options.serverDir);
  const work = mkdtempSync(path.join(options.vars.BACKUP_TMP_DIR ?? tmpdir(), 'balcao-restore-'));
  try {
    await tarExtract({ file: options.archive, cwd: work, strict: true });
    const manifest = readManifest(path.join(work, 'manifest.json'));
    const configuration = JSON.parse(readFileSync(path.join(work, 'configuration.json'), 'utf8')) as ConfigurationRecord;
    if (manifest.database.client !== database.client) {
      throw new RestoreRefused(
        `O backup é de um banco ${manifest.database.client} e o destino é ${database.client}: defina DATABASE_CLIENT como no backup. / ` +
          `The archive holds a ${manifest.database.client} database, the target is ${database.client}.`,
      );
    }
    const busy = database.client === 'sqlite' ? sqliteTableWithData(database.filename) : await pgTableWithData(database.connection);
    if (busy && !options.force) {
      throw new RestoreRefused(
        `O banco de destino já tem dados (tabela ${busy}): a restauração só escreve numa instalação vazia. Use --force para substituí-lo. / ` +
          `The target database already has data (table ${busy}): restore writes only into an empty installation. Pass --force to replace it.`,
      );
    }
    for (const f of manifest.uploads.files) {
      const got = await hashFile(path.join(work, 'uploads', f.name));
      if (got.sha256 !== f.sha256) throw new RestoreRefused(`Arquivo corrompido no backup: uploads/${f.name} / Corrupt file in the archive.`);
    }

    const dbFile = path.join(work, manifest.database.file);
    if (database.client === 'sqlite') restoreSqlite(dbFile, database.filename);
    else await pgRestore(database.connection, dbFile);
    log(`banco (${database.client}) restaurado de ${manifest.createdAt}`);

    const store = await openFileStore(storage);
    for (const f of manifest.uploads.files) await store.put(f.name, path.join(work, 'uploads', f.name), f.type);
    log(`${manifest.uploads.files.length} arquivo(s) gravados em ${storage.kind === 's3' ? `s3://${storage.settings.bucket}` : storage.dir}`);

    let restored: TableSums;
    if (database.client === 'sqlite') restored = sqliteTableSums(database.filename);
    else {
      const client = await pgConnect(database.connection);
      try {
        restored = await pgTableSums(client, database.connection.schema);
      } finally {
        await client.end();
      }
    }
    const bad = differing(manifest.database.tables, restored);
    if (bad.length) throw new Error(`Tabelas restauradas diferentes do backup: ${bad.join(', ')} / Restored tables differ from the archive.`);
    log(`${Object.keys(restored).length} tabelas conferidas (contagem e sha256 de cada uma iguais ao backup)`);
    return { manifest, configuration };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
