import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Boots one Strapi for the whole run: compiled from this app, on a fresh temporary
 * SQLite file (or the PostgreSQL database named by DATABASE_* when
 * DATABASE_CLIENT=postgres), listening on a random loopback port. The seed runs at
 * bootstrap, so tests start from the demo data. `inject('apiUrl')` gives the base URL.
 */
export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-api-'));
  const secret = () => randomBytes(16).toString('hex');
  Object.assign(process.env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    FILE_SIGNING_SECRET: process.env.FILE_SIGNING_SECRET ?? secret(),
    AUTH_RATELIMIT: process.env.AUTH_RATELIMIT ?? 'false',
    // development origins are allowed only when configured (the default allows none)
    CORS_ORIGINS: 'http://localhost:5173',
    PUBLIC_DIR: path.join(tmp, 'public'),
    EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    BROWSER: 'none',
  });
  mkdirSync(path.join(tmp, 'public', 'uploads'), { recursive: true });
  if (process.env.DATABASE_CLIENT !== 'postgres') process.env.DATABASE_FILENAME = path.join(tmp, 'test.db');

  // Strapi's ESM build imports 'lodash/fp' as a directory, which Node's ESM loader refuses: load the CJS build.
  const { createStrapi, compileStrapi } = createRequire(import.meta.url)('@strapi/strapi');
  const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ctx = await compileStrapi({ appDir, ignoreDiagnostics: true });
  const strapi = await createStrapi({ ...ctx, autoReload: false, serveAdminPanel: false } as never).load();
  await new Promise<void>((resolve) => strapi.server.listen(0, '127.0.0.1', () => resolve()));
  const address = strapi.server.httpServer.address() as { port: number };
  project.provide('apiUrl', `http://127.0.0.1:${address.port}/api`);
  project.provide('originUrl', `http://127.0.0.1:${address.port}`);
  project.provide('emailOutbox', process.env.EMAIL_OUTBOX_DIR as string);
  project.provide('publicDir', process.env.PUBLIC_DIR as string);

  return async () => {
    await strapi.destroy();
    rmSync(tmp, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    originUrl: string;
    emailOutbox: string;
    publicDir: string;
  }
}
