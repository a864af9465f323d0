import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, processAlive, serverDir, signalProcess, sleep, startProcess, waitFor } from '../../tests-cluster/cluster';
import { pgConnect, pgTableSums } from '../../src/backup/postgres';
import { sqliteTableSums } from '../../src/backup/sqlite';
import type { TableSums } from '../../src/backup/types';

const require = createRequire(import.meta.url);

/**
 * A whole installation of the app for tests that stop, wipe and restore it (backup-restore.test.ts):
 * its own database (a SQLite file, or a PostgreSQL database in the run's cluster when the run is on
 * PostgreSQL), its own uploads folder or bucket, and a Strapi child process (`strapi start` on the
 * server/dist compiled by tests/global-setup.ts) on a free port.
 */
export interface Installation {
  name: string;
  /** The environment the app, `npm run backup` and `npm run restore` get. */
  env: Record<string, string>;
  origin: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Rows of a read-only statement on the installation's database (`?` placeholders on both engines are not needed: no parameters). */
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  tableSums(): Promise<TableSums>;
  /** Deletes the database and every stored file, leaving an empty database (PostgreSQL) or no file (SQLite). */
  wipe(): Promise<void>;
}

/** A free loopback port. */
export { freePort };

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function adminSql(sql: string): Promise<void> {
  const db = inject('database');
  const { Client } = require('pg');
  const client = new Client({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new installation under `tmp` named `name` (database created empty, app not started). */
export async function createInstallation(tmp: string, name: string, extraEnv: Record<string, string> = {}): Promise<Installation> {
  const db = inject('database');
  const port = await freePort();
  const publicDir = path.join(tmp, `${name}-public`);
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_DIR: publicDir,
    EMAIL_OUTBOX_DIR: path.join(tmp, `${name}-outbox`),
    SHUTDOWN_DRAIN_MS: '0',
    ...extraEnv,
  };
  const pgName = `balcao_${name.replace(/\W/g, '_')}`;
  if (db.client === 'postgres') {
    Object.assign(env, { DATABASE_CLIENT: 'postgres', DATABASE_NAME: pgName });
    await adminSql(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await adminSql(`CREATE DATABASE ${pgName}`);
  } else Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(tmp, `${name}.db`) });
  const pgConn = { host: db.host, port: db.port, database: pgName, user: db.user, password: db.password, schema: 'public', ssl: false };

  return {
    name,
    env,
    origin: `http://127.0.0.1:${port}`,
    async start() {
      startProcess(tmp, name, process.execPath, [path.join(serverDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], { env });
      await waitFor(`http://127.0.0.1:${port}/_health`, 240_000, tmp, name);
    },
    async stop() {
      signalProcess(tmp, name, 'SIGTERM');
      const deadline = Date.now() + 40_000;
      while (processAlive(tmp, name)) {
        if (Date.now() > deadline) throw new Error(`${name} did not stop`);
        await sleep(100);
      }
    },
    async rows<T>(sql: string): Promise<T[]> {
      if (db.client === 'postgres') {
        const client = await pgConnect(pgConn);
        try {
          return (await client.query<T>(sql)).rows;
        } finally {
          await client.end();
        }
      }
      const Database = require('better-sqlite3');
      const conn = new Database(env.DATABASE_FILENAME, { readonly: true, fileMustExist: true });
      try {
        return conn.prepare(sql).all() as T[];
      } finally {
        conn.close();
      }
    },
    async tableSums() {
      if (db.client === 'sqlite') return sqliteTableSums(env.DATABASE_FILENAME);
      const client = await pgConnect(pgConn);
      try {
        return await pgTableSums(client, 'public');
      } finally {
        await client.end();
      }
    },
    async wipe() {
      if (db.client === 'postgres') {
        await adminSql(`DROP DATABASE ${pgName} WITH (FORCE)`);
        await adminSql(`CREATE DATABASE ${pgName}`);
      } else for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${env.DATABASE_FILENAME}${suffix}`, { force: true });
      rmSync(publicDir, { recursive: true, force: true });
      mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
    },
  };
}

/** Runs `npm run backup|restore` (server/scripts/backup.js) for `env` without blocking this process; resolves with its exit code and output. */
export function runBackupCommand(command: 'create' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(serverDir, 'scripts/backup.js'), command, ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env, INIT_CWD: serverDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** The bytes of the file named `name` in a local uploads folder, or null. */
export function localFile(publicDir: string, name: string): Buffer | null {
  const file = path.join(publicDir, 'uploads', name);
  return existsSync(file) ? readFileSync(file) : null;
}
