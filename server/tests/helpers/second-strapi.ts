import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A second real Strapi, in this test worker, for configuration the shared instance cannot have
 * (the production defaults: /auth rate limit on, no proxy trusted, no CORS origin). It runs the
 * app already compiled by tests/global-setup.ts, on its own temporary SQLite file (also in the
 * PostgreSQL run: only the configuration is under test), with `env` on top of the harness's.
 *
 * The first one of a run seeds its database (two thirds of its start); the next ones start from a
 * copy of that seeded state, with the uploads it wrote, taken right after that first start, before
 * any test wrote to it (the seed is idempotent: it finds its rows and adds none). The copy lives in
 * SECOND_STRAPI_TEMPLATE (a folder of the run, tests/global-setup.ts); without it every start seeds.
 *
 * `sharedDatabase`: the instance uses the run's own database instead (`inject('database')`: the same SQLite
 * file or PostgreSQL database as the shared instance), as a second server process or a second instance
 * behind the balancer does; no copy is made and none is kept.
 */
export async function startSecondStrapi(env: Record<string, string | undefined>, sharedDatabase?: SharedDatabase) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-api2-'));
  const template = sharedDatabase ? undefined : process.env.SECOND_STRAPI_TEMPLATE;
  const seeded = template !== undefined && existsSync(path.join(template, 'ready'));
  if (seeded) {
    copyFileSync(path.join(template, 'test.db'), path.join(tmp, 'test.db'));
    cpSync(path.join(template, 'public'), path.join(tmp, 'public'), { recursive: true });
  }
  mkdirSync(path.join(tmp, 'public', 'uploads'), { recursive: true });
  const settings: Record<string, string | undefined> = {
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(tmp, 'test.db'),
    PUBLIC_DIR: path.join(tmp, 'public'),
    EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
    ...(sharedDatabase ? databaseEnv(sharedDatabase) : {}),
    ...env,
  };
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  // strapi.destroy() calls process.removeAllListeners(), which would cut the test worker's own
  // IPC listeners: keep them to put back after the destroy.
  const listeners = process.eventNames().map((event) => [event, process.listeners(event as any)] as const);
  const { createStrapi } = createRequire(import.meta.url)('@strapi/strapi');
  const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  // A failed boot calls process.exit, which would kill the test worker silently: make it an error.
  const exit = process.exit;
  process.exit = ((code?: number) => {
    throw new Error(`the second Strapi failed to start (exit ${code})`);
  }) as typeof process.exit;
  let strapi: any;
  try {
    strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist'), autoReload: false, serveAdminPanel: false }).load();
  } finally {
    process.exit = exit;
  }
  if (template !== undefined && !seeded) {
    mkdirSync(template, { recursive: true });
    await strapi.db.connection.raw('VACUUM INTO ?', [path.join(template, 'test.db')]);
    cpSync(path.join(tmp, 'public'), path.join(template, 'public'), { recursive: true });
    writeFileSync(path.join(template, 'ready'), '');
  }
  await new Promise<void>((resolve) => strapi.server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = strapi.server.httpServer.address() as { port: number };
  return {
    port,
    /** The instance itself (this worker's), for tests that compare its services in process. */
    strapi,
    async stop() {
      await strapi.destroy();
      for (const [event, fns] of listeners) {
        for (const fn of fns) if (!process.listeners(event as any).includes(fn)) process.on(event as any, fn as any);
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** The run's database as tests/global-setup.ts provides it (`inject('database')`). */
export interface SharedDatabase {
  client: 'sqlite' | 'postgres';
  filename: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** The DATABASE_* variables of config/database.ts that point at `db`. */
function databaseEnv(db: SharedDatabase): Record<string, string> {
  if (db.client === 'sqlite') return { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: db.filename };
  return {
    DATABASE_CLIENT: 'postgres',
    DATABASE_HOST: db.host,
    DATABASE_PORT: String(db.port),
    DATABASE_NAME: db.database,
    DATABASE_USERNAME: db.user,
    DATABASE_PASSWORD: db.password,
  };
}

/**
 * One HTTP request to 127.0.0.1:`port` sent FROM `localAddress` (any 127.x.y.z: the whole block
 * is loopback on Linux), so the server sees distinct client addresses without trusting a proxy.
 * Always a new connection; `timeoutMs`: fail when the socket stays idle that long.
 */
export function requestFrom(
  port: number,
  method: string,
  urlPath: string,
  opts: { localAddress?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        localAddress: opts.localAddress,
        agent: false,
        headers: { ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: any = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            /* keep text */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)));
    if (payload) req.write(payload);
    req.end();
  });
}
