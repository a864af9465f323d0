import path from 'node:path';
import { s3SettingsFromEnv, type S3Settings } from '../utils/object-storage';

/**
 * Where the installation keeps its state, read from the environment exactly as config/database.ts,
 * config/server.ts and config/plugins.ts read it (docs/deploy.md "Backup and restore").
 * Relative paths (DATABASE_FILENAME, PUBLIC_DIR) are relative to server/, Strapi's working directory.
 */

/** Strapi's `env` helper, the part the configuration files use. */
export type Env = ((key: string, fallback?: string) => string | undefined) & { bool: (key: string, fallback?: boolean) => boolean };

/** An `Env` over `vars` (an empty value counts as set, as in Strapi). */
export function envFrom(vars: NodeJS.ProcessEnv): Env {
  const env = ((key: string, fallback?: string) => vars[key] ?? fallback) as Env;
  env.bool = (key, fallback = false) => {
    const v = vars[key];
    return v === undefined ? fallback : v === 'true';
  };
  return env;
}

/** PostgreSQL connection settings (DATABASE_URL wins over the separate fields, as in node-postgres). */
export interface PgConnection {
  connectionString?: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  schema: string;
  ssl: boolean;
}

/** The database of the installation: a SQLite file (absolute path) or a PostgreSQL schema. */
export type DatabaseTarget = { client: 'sqlite'; filename: string } | { client: 'postgres'; connection: PgConnection };

/** The database named by the environment (config/database.ts). `cwd` is server/. */
export function databaseFromEnv(env: Env, cwd: string): DatabaseTarget {
  if (env('DATABASE_CLIENT', 'sqlite') === 'postgres') {
    return {
      client: 'postgres',
      connection: {
        connectionString: env('DATABASE_URL') || undefined,
        host: env('DATABASE_HOST', '127.0.0.1') as string,
        port: Number(env('DATABASE_PORT', '5432')),
        database: env('DATABASE_NAME', 'balcao') as string,
        user: env('DATABASE_USERNAME', 'balcao') as string,
        password: env('DATABASE_PASSWORD', 'balcao') as string,
        schema: env('DATABASE_SCHEMA', 'public') as string,
        ssl: env.bool('DATABASE_SSL', false),
      },
    };
  }
  return { client: 'sqlite', filename: path.resolve(cwd, env('DATABASE_FILENAME', '.tmp/data.db') as string) };
}

/** Where uploaded files are: PUBLIC_DIR/uploads on the local disk, or the private bucket. */
export type FileStorage = { kind: 'local'; dir: string } | { kind: 's3'; settings: S3Settings };

/** The file storage named by the environment (config/server.ts `dirs.public`, config/plugins.ts). */
export function storageFromEnv(env: Env, cwd: string): FileStorage {
  const s3 = s3SettingsFromEnv(env);
  if (s3) return { kind: 's3', settings: s3 };
  return { kind: 'local', dir: path.join(path.resolve(cwd, env('PUBLIC_DIR', './public') as string), 'uploads') };
}

/**
 * The variables of docs/architecture.md "Server configuration". `secret: true` ones are recorded
 * by name only (whether they are set), never by value; the others with their value.
 */
export const SETTINGS: ReadonlyArray<{ name: string; secret: boolean }> = [
  ...['APP_KEYS', 'JWT_SECRET', 'API_TOKEN_SALT', 'ADMIN_JWT_SECRET', 'TRANSFER_TOKEN_SALT', 'ENCRYPTION_KEY', 'FILE_SIGNING_SECRET'].map((name) => ({
    name,
    secret: true,
  })),
  ...['DATABASE_URL', 'DATABASE_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_USERNAME', 'SMTP_PASSWORD', 'ADMIN_PASSWORD'].map((name) => ({
    name,
    secret: true,
  })),
  ...[
    'NODE_ENV',
    'HOST',
    'PORT',
    'PUBLIC_URL',
    'PWA_URL',
    'PWA_DIR',
    'PUBLIC_DIR',
    'CORS_ORIGINS',
    'CSP_EXTRA_ORIGINS',
    'TRUST_PROXY_HOPS',
    'DATABASE_CLIENT',
    'DATABASE_HOST',
    'DATABASE_PORT',
    'DATABASE_NAME',
    'DATABASE_USERNAME',
    'DATABASE_SCHEMA',
    'DATABASE_SSL',
    'DATABASE_SSL_REJECT_UNAUTHORIZED',
    'DATABASE_FILENAME',
    'DATABASE_POOL_MIN',
    'DATABASE_POOL_MAX',
    'DATABASE_CONNECTION_TIMEOUT',
    'DATABASE_PG_OPTIONS',
    'UPLOAD_PROVIDER',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ENDPOINT',
    'S3_FORCE_PATH_STYLE',
    'UPLOAD_MAX_BYTES',
    'UPLOAD_MAX_FILES',
    'UNATTACHED_FILE_TTL_HOURS',
    'UNATTACHED_FILE_SWEEP_RULE',
    'IDEMPOTENCY_TTL_DAYS',
    'IDEMPOTENCY_SWEEP_RULE',
    'FILE_URL_TTL_SECONDS',
    'JWT_EXPIRES_IN',
    'AUTH_RATELIMIT',
    'AUTH_RATELIMIT_MAX',
    'AUTH_RATELIMIT_IDENTIFIER_MAX',
    'AUTH_RATELIMIT_ADDRESS_MAX',
    'AUTH_RATELIMIT_STORE',
    'SMTP_HOST',
    'SMTP_PORT',
    'EMAIL_FROM',
    'EMAIL_REPLY_TO',
    'EMAIL_OUTBOX_DIR',
    'LOG_LEVEL',
    'SEED_DEMO',
    'ADMIN_USERNAME',
    'ADMIN_EMAIL',
    'ADMIN_NAME',
    'SERVE_ADMIN',
    'SEARCH_INDEXES',
    'SHUTDOWN_TIMEOUT_MS',
    'SHUTDOWN_DRAIN_MS',
  ].map((name) => ({ name, secret: false })),
];

/** The recorded configuration: values of the non-secret variables that are set, names of the secrets that are set. */
export interface ConfigurationRecord {
  values: Record<string, string>;
  secretsSet: string[];
}

/** What of SETTINGS is set in `vars`, secrets by name only. */
export function configurationOf(vars: NodeJS.ProcessEnv): ConfigurationRecord {
  const record: ConfigurationRecord = { values: {}, secretsSet: [] };
  for (const { name, secret } of SETTINGS) {
    const value = vars[name];
    if (value === undefined) continue;
    if (secret) record.secretsSet.push(name);
    else record.values[name] = value;
  }
  return record;
}
