/**
 * The benches' own connection to the bench database (bench:home, bench:api): a knex of its own, configured as
 * config/database.ts configures Strapi's (PostgreSQL without JIT or parallel workers), with a pool of `poolMax`
 * connections, and a replay of recorded statements straight on the driver — the floor an API call is compared to.
 */
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
const isPostgres = () => Boolean(process.env.DATABASE_CLIENT && process.env.DATABASE_CLIENT !== 'sqlite');
const sqliteFile = () => path.resolve(appDir, process.env.DATABASE_FILENAME || '.tmp/large.db');

/** A knex on the bench's database (SQLite file or the PostgreSQL of DATABASE_*), `poolMax` connections. */
function bareKnex(poolMax) {
  const knex = require('knex');
  if (!isPostgres()) return knex({ client: 'better-sqlite3', connection: { filename: sqliteFile() }, useNullAsDefault: true });
  const env = process.env;
  return knex({
    client: 'pg',
    connection: {
      host: env.DATABASE_HOST || '127.0.0.1',
      port: Number(env.DATABASE_PORT || 5432),
      database: env.DATABASE_NAME || 'balcao',
      user: env.DATABASE_USERNAME || 'balcao',
      password: env.DATABASE_PASSWORD || 'balcao',
      options: env.DATABASE_PG_OPTIONS ?? '-c jit=off -c max_parallel_workers_per_gather=0',
    },
    pool: { min: 0, max: poolMax },
  });
}

/**
 * Runs recorded read statements ({sql with knex's `?` placeholders, bindings}) one after the other, each on a
 * pooled connection straight through the driver (pg's query / better-sqlite3's prepare + all), as the API ran them.
 */
async function replay(knex, statements) {
  for (const { sql, bindings } of statements) {
    const conn = await knex.client.acquireConnection();
    try {
      if (isPostgres()) await conn.query(knex.client.positionBindings(sql), bindings);
      else conn.prepare(sql).all(...bindings);
    } finally {
      await knex.client.releaseConnection(conn);
    }
  }
}

module.exports = { bareKnex, replay, isPostgres, sqliteFile };
