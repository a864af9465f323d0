import path from 'path';
import { sqlitePool } from '../src/utils/sqlite-writers';

/**
 * SQLite is the embedded default (DATABASE_FILENAME, relative to server/);
 * DATABASE_CLIENT=postgres selects PostgreSQL with the usual DATABASE_* variables.
 * SQLite connections run in WAL mode with a busy timeout and take the write lock at the start of a
 * write transaction, so several server processes share the file (src/utils/sqlite-writers.ts).
 */
export default ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'balcao'),
          user: env('DATABASE_USERNAME', 'balcao'),
          password: env('DATABASE_PASSWORD', 'balcao'),
          schema: env('DATABASE_SCHEMA', 'public'),
          ssl: env.bool('DATABASE_SSL', false) && { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) },
          // session settings for an API's many short queries (docs/deploy.md "PostgreSQL"): no JIT
          // compilation (tens of ms on queries the planner merely estimates as large) and no parallel workers
          // (each request already has its own connection; at 10 concurrent searches on 2 cores, workers only
          // add process start-up and contention). DATABASE_PG_OPTIONS='' keeps the server's own defaults.
          options: env('DATABASE_PG_OPTIONS', '-c jit=off -c max_parallel_workers_per_gather=0') || undefined,
          // a statement running longer is cancelled (PostgreSQL's statement_timeout; 0: none), so no request holds
          // a connection and a core for minutes: a query crossing many relations can be planned as nested loops
          // over the whole tables (src/middlewares/db-errors.ts answers the cancel with a 503)
          statement_timeout: env.int('DATABASE_STATEMENT_TIMEOUT_MS', 30000) || undefined,
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      pool: sqlitePool,
    },
  };
};
