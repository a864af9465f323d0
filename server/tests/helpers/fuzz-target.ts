import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests-cluster/cluster';

/**
 * The fuzzer's target: the compiled app (server/dist, written by tests/global-setup.ts) run by
 * `strapi start` in its own process, as production runs it (NODE_ENV=production, one request per
 * log line), on its own database — a fresh SQLite file, or a fresh database on the PostgreSQL server
 * of the run — and its own upload directory. Its stdout and stderr go to a log file the liveness
 * oracle reads: a process that exits, or prints an unhandled rejection or an uncaught exception, is
 * a finding, however the client's request was answered.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface PgServer {
  host: string;
  port: number;
  user: string;
  password: string;
}
export interface TargetDatabase {
  client: 'sqlite' | 'postgres';
  /** SQLite: the file. */
  filename: string;
  /** PostgreSQL: the server and the database created for this target. */
  pg: (PgServer & { database: string }) | null;
}

/** What Node and Strapi print when a promise rejection or an exception escapes every handler. */
export const CRASH_PATTERN = /Unhandled ?Rejection|UnhandledPromiseRejection|uncaught ?exception|triggerUncaughtException|^Node\.js v\d+/im;

export interface Target {
  origin: string;
  publicDir: string;
  database: TargetDatabase;
  /** Log lines written since the previous call (the liveness oracle scans them). */
  newLog(): string;
  /** The last `n` lines of the log. */
  tail(n: number): string;
  /** null while the process runs, else how it ended. */
  exited(): string | null;
  /** Starts the process again on the same database and files (after a crash), waiting for /_health. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** GET url → status, 0 when nothing answers within 2 s. */
export function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Creates (and later drops) a database of its own on the run's PostgreSQL server. */
async function pgDatabase(server: PgServer, name: string, action: 'create' | 'drop') {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ ...server, database: 'postgres' });
  await client.connect();
  try {
    await client.query(action === 'create' ? `CREATE DATABASE "${name}"` : `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the target and waits (≤ 120 s) until /_health answers 204. `pg` given: PostgreSQL on a
 * database made for it, else SQLite. Throws with the log's tail when it does not come up.
 */
export async function startTarget(pg: PgServer | null): Promise<Target> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-fuzz-'));
  const publicDir = path.join(tmp, 'public');
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  const logFile = path.join(tmp, 'strapi.log');
  const dbName = `balcao_fuzz_${randomBytes(4).toString('hex')}`;
  const database: TargetDatabase = {
    client: pg ? 'postgres' : 'sqlite',
    filename: pg ? '' : path.join(tmp, 'fuzz.db'),
    pg: pg ? { ...pg, database: dbName } : null,
  };
  if (pg) await pgDatabase(pg, dbName, 'create');
  const port = await freePort();
  const secret = () => randomBytes(16).toString('hex');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_KEYS: `${secret()},${secret()}`,
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    FILE_SIGNING_SECRET: secret(),
    // the fuzzer signs in again after a generated logout: the /auth rate limit would lock the roles out
    AUTH_RATELIMIT: 'false',
    CORS_ORIGINS: '',
    PUBLIC_DIR: publicDir,
    EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
    LOG_LEVEL: 'http',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    // a generated filter across many relations can be planned as nested loops over whole tables: PostgreSQL
    // cancels it (a 503 the status oracle counts apart) well before the fuzzer's 60-second request timeout
    DATABASE_STATEMENT_TIMEOUT_MS: '5000',
    DATABASE_CLIENT: database.client,
    ...(pg
      ? { DATABASE_HOST: pg.host, DATABASE_PORT: String(pg.port), DATABASE_NAME: dbName, DATABASE_USERNAME: pg.user, DATABASE_PASSWORD: pg.password }
      : { DATABASE_FILENAME: database.filename }),
  };
  delete env.PWA_DIR;
  delete env.UNATTACHED_FILE_SWEEP_RULE;
  let child: ChildProcess;
  let exit: string | null = null;
  let offset = 0;
  const origin = `http://127.0.0.1:${port}`;

  const launch = async () => {
    exit = null;
    const fd = openSync(logFile, 'a');
    child = spawn(process.execPath, [path.join(serverDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    child.on('exit', (code, signal) => (exit = `exit ${signal ?? code}`));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && exit === null) {
      if ((await probe(`${origin}/_health`)) === 204) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the fuzz target did not start (${exit ?? 'no /_health in 120 s'}):\n${readLog().split('\n').slice(-40).join('\n')}`);
  };
  const readLog = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  await launch();
  offset = statSync(logFile).size;

  return {
    origin,
    publicDir,
    database,
    newLog() {
      const all = readFileSync(logFile);
      const text = all.subarray(offset).toString('utf8');
      offset = all.length;
      return text;
    },
    tail: (n) => readLog().split('\n').slice(-n).join('\n'),
    exited: () => exit,
    async restart() {
      if (exit === null) child.kill('SIGKILL');
      while (exit === null) await new Promise((r) => setTimeout(r, 50));
      await launch();
    },
    async stop() {
      if (exit === null) {
        child.kill('SIGTERM');
        const deadline = Date.now() + 15_000;
        while (exit === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        if (exit === null) child.kill('SIGKILL');
      }
      if (pg) await pgDatabase(pg, dbName, 'drop').catch(() => undefined);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
