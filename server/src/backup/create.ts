import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { create as tarCreate } from 'tar';
import { fileNamesOf, hashFile, openFileStore } from './files';
import { pgDump, pgFileRows, pgTableSums, withPgSnapshot } from './postgres';
import { configurationOf, databaseFromEnv, envFrom, storageFromEnv } from './settings';
import { snapshotSqlite, sqliteFileRows, sqliteTableSums } from './sqlite';
import type { ArchivedFile, FileRow, Log, Manifest, TableSums } from './types';

/** What `createBackup` needs: the environment, server/ (for relative paths) and the archive's path. */
export interface BackupOptions {
  vars: NodeJS.ProcessEnv;
  serverDir: string;
  /** The .tar.gz to write (its folder is created); it appears only once complete. */
  archive: string;
  log?: Log;
}

/**
 * Writes one archive of everything a restore needs, while the app keeps serving
 * (docs/deploy.md "Backup and restore"):
 * - `database/balcao.db` (SQLite online backup) or `database/balcao.dump` (pg_dump custom format)
 *   of one moment;
 * - `uploads/<name>`: every stored file a `files` row of that moment names, from the disk or the bucket;
 * - `configuration.json`: the non-secret settings that are set, and the names of the secrets that are;
 * - `manifest.json` (types.ts `Manifest`): the moment, each table's row count and sha256, each file's sha256.
 *
 * Every file present before the database is read is first linked (local disk) or downloaded
 * (bucket) into a staging folder, and files created after that are fetched afterwards: a file the
 * snapshot names and a request deletes meanwhile is still in the archive. A row whose file
 * existed at no point is listed in `manifest.uploads.missing` (and logged). Throws on any failure
 * of the database tools or the storage; the partial work is removed.
 */
export async function createBackup(options: BackupOptions): Promise<{ archive: string; manifest: Manifest; missing: string[] }> {
  const log = options.log ?? (() => undefined);
  const env = envFrom(options.vars);
  const database = databaseFromEnv(env, options.serverDir);
  const storage = storageFromEnv(env, options.serverDir);
  const store = await openFileStore(storage);
  const work = `${options.archive}.parts`;
  rmSync(work, { recursive: true, force: true });
  for (const dir of ['pool', 'database', 'uploads']) mkdirSync(path.join(work, dir), { recursive: true });
  try {
    const staged = await store.stageAll(path.join(work, 'pool'));
    log(`${staged} arquivo(s) em ${storage.kind === 's3' ? `s3://${storage.settings.bucket}` : storage.dir} separados antes da cópia do banco`);

    let tables: TableSums;
    let rows: FileRow[];
    let createdAt: Date;
    let dbFile: string;
    const copyStarted = Date.now();
    if (database.client === 'sqlite') {
      dbFile = 'database/balcao.db';
      await snapshotSqlite(database.filename, path.join(work, dbFile));
      createdAt = new Date();
      log(`cópia do banco (sob um bloqueio de leitura) em ${((Date.now() - copyStarted) / 1000).toFixed(1)} s`);
      tables = sqliteTableSums(path.join(work, dbFile));
      rows = sqliteFileRows(path.join(work, dbFile));
    } else {
      dbFile = 'database/balcao.dump';
      const c = database.connection;
      [createdAt, tables, rows] = await withPgSnapshot(c, async (snapshot, client) => {
        const at = new Date();
        const read = async () => [await pgTableSums(client, c.schema), await pgFileRows(client, c.schema)] as const;
        const [, [sums, fileRows]] = await Promise.all([pgDump(c, snapshot, path.join(work, dbFile)), read()]);
        return [at, sums, fileRows] as const;
      });
    }
    log(`banco (${database.client}) copiado e conferido: ${Object.keys(tables).length} tabelas em ${((Date.now() - copyStarted) / 1000).toFixed(1)} s`);

    const types = new Map<string, string | null>();
    for (const row of rows) for (const name of fileNamesOf([row])) types.set(name, row.mime);
    const files: ArchivedFile[] = [];
    const missing: string[] = [];
    for (const name of fileNamesOf(rows)) {
      const dest = path.join(work, 'uploads', name);
      const pooled = path.join(work, 'pool', name);
      if (existsSync(pooled)) renameSync(pooled, dest);
      else if (!(await store.fetch(name, dest))) {
        missing.push(name);
        continue;
      }
      files.push({ name, ...(await hashFile(dest)), type: types.get(name) ?? null });
    }
    rmSync(path.join(work, 'pool'), { recursive: true, force: true });
    if (missing.length) log(`AVISO: ${missing.length} arquivo(s) citados no banco não existem no armazenamento: ${missing.join(', ')}`);
    log(`${files.length} arquivo(s) copiados`);

    const appVersion = (JSON.parse(readFileSync(path.join(options.serverDir, 'package.json'), 'utf8')) as { version: string }).version;
    const manifest: Manifest = {
      format: 'balcao-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      app: { version: appVersion },
      database: { client: database.client, file: dbFile, tables },
      uploads: { storage: storage.kind, files, missing },
    };
    writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(path.join(work, 'configuration.json'), `${JSON.stringify(configurationOf(options.vars), null, 2)}\n`);

    mkdirSync(path.dirname(options.archive), { recursive: true });
    const partial = `${options.archive}.partial`;
    await tarCreate({ gzip: true, file: partial, cwd: work, portable: true }, ['manifest.json', 'configuration.json', 'database', 'uploads']);
    renameSync(partial, options.archive);
    return { archive: options.archive, manifest, missing };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(`${options.archive}.partial`, { force: true });
  }
}
