import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgConnection } from './settings';
import type { FileRow, TableSums } from './types';

/** The part of node-postgres used here (the package ships no types). */
interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
type PgClientCtor = new (config: Record<string, unknown>) => PgClient;

const load = createRequire(__filename);

/** A connected node-postgres client for `c`. */
export async function pgConnect(c: PgConnection): Promise<PgClient> {
  const { Client } = load('pg') as { Client: PgClientCtor };
  const client = new Client(
    c.connectionString
      ? { connectionString: c.connectionString, ssl: c.ssl || undefined }
      : { host: c.host, port: c.port, database: c.database, user: c.user, password: c.password, ssl: c.ssl || undefined },
  );
  await client.connect();
  // the text form of timestamps depends on these: the same on the backup's and the restore's side
  await client.query("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'");
  return client;
}

/**
 * The path of PostgreSQL's `tool` (pg_dump, pg_restore): PG_BIN when set, else the newest Debian
 * install (/usr/lib/postgresql/<ver>/bin), else the bare name (found on PATH).
 */
export function pgTool(tool: string): string {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, tool);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', tool))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin', tool) : tool;
}

/** The libpq environment and `--dbname` argument for `c`. */
function libpq(c: PgConnection): { env: NodeJS.ProcessEnv; dbname: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PGSSLMODE: c.ssl ? 'require' : 'prefer' };
  if (c.connectionString) return { env, dbname: c.connectionString };
  Object.assign(env, { PGHOST: c.host, PGPORT: String(c.port), PGUSER: c.user, PGPASSWORD: c.password });
  return { env, dbname: c.database };
}

/** Runs `cmd args`; resolves when it exits 0, rejects with its error output otherwise. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (e) => reject(new Error(`${path.basename(cmd)}: ${e.message} (instale o cliente do PostgreSQL ou defina PG_BIN)`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} terminou com código ${code}: ${stderr.trim()}`))));
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The base tables of `schema`, by name. */
async function tablesOf(client: PgClient, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name",
    [schema],
  );
  return rows.map((r) => r.name);
}

/**
 * Row count and sha256 of every table of `schema` as `client` sees it: each row's text form
 * (`t::text`), the lines sorted, hashed in that order (independent of the physical row order).
 */
export async function pgTableSums(client: PgClient, schema: string): Promise<TableSums> {
  const sums: TableSums = {};
  for (const table of await tablesOf(client, schema)) {
    const { rows } = await client.query<{ rows: number; sha256: string }>(
      `SELECT count(*)::int AS rows, encode(sha256(convert_to(coalesce(string_agg(t::text || E'\\n', '' ORDER BY t::text COLLATE "C"), ''), 'UTF8')), 'hex') AS sha256 FROM ${quote(schema)}.${quote(table)} t`,
    );
    sums[table] = rows[0];
  }
  return sums;
}

/** The upload plugin's file rows (`files`: url, formats, mime) of `schema`; none when the table is absent. */
export async function pgFileRows(client: PgClient, schema: string): Promise<FileRow[]> {
  if (!(await tablesOf(client, schema)).includes('files')) return [];
  return (await client.query<FileRow>(`SELECT url, formats, mime FROM ${quote(schema)}.files`)).rows;
}

/** The first table of the schema holding a row, or null when none does. */
export async function pgTableWithData(c: PgConnection): Promise<string | null> {
  const client = await pgConnect(c);
  try {
    for (const table of await tablesOf(client, c.schema)) {
      if ((await client.query(`SELECT 1 FROM ${quote(c.schema)}.${quote(table)} LIMIT 1`)).rows.length) return table;
    }
    return null;
  } finally {
    await client.end();
  }
}

/**
 * Holds one REPEATABLE READ transaction open on `c` and exports its snapshot: `work` gets the
 * snapshot id (for pg_dump --snapshot) and the client (whose queries see that same moment).
 */
export async function withPgSnapshot<T>(c: PgConnection, work: (snapshot: string, client: PgClient) => Promise<T>): Promise<T> {
  const client = await pgConnect(c);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const result = await work(rows[0].id, client);
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

/** `pg_dump --format=custom` of the whole database at `snapshot` into `dest` (no owners, no grants). */
export async function pgDump(c: PgConnection, snapshot: string, dest: string): Promise<void> {
  const { env, dbname } = libpq(c);
  await run(pgTool('pg_dump'), ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${dest}`, `--dbname=${dbname}`], env);
}

/**
 * `pg_restore` of `dump` into the database of `c`, in one transaction, dropping the dumped objects
 * first when they exist (an empty schema the app created, or everything with --force).
 */
export async function pgRestore(c: PgConnection, dump: string): Promise<void> {
  const { env, dbname } = libpq(c);
  await run(
    pgTool('pg_restore'),
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dump],
    env,
  );
}
