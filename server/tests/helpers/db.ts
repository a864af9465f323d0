import { createRequire } from 'node:module';
import { inject } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * Rows of one read-only statement run straight on the run's database (SQLite file or PostgreSQL,
 * `inject('database')`), for what the API does not show (e.g. a user's stored reset token).
 * `sql.sqlite` uses `?` placeholders, `sql.postgres` `$1`, `$2`…; `params` fill both.
 */
export async function testDbRows<T = Record<string, unknown>>(sql: { sqlite: string; postgres: string }, params: unknown[] = []): Promise<T[]> {
  const db = inject('database');
  if (db.client === 'sqlite') {
    const Database = require('better-sqlite3');
    const conn = new Database(db.filename, { readonly: true, fileMustExist: true });
    try {
      conn.pragma('busy_timeout = 5000');
      return conn.prepare(sql.sqlite).all(...params) as T[];
    } finally {
      conn.close();
    }
  }
  const { Client } = require('pg');
  const conn = new Client({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password });
  await conn.connect();
  try {
    return (await conn.query(sql.postgres, params)).rows as T[];
  } finally {
    await conn.end();
  }
}

/**
 * Runs statements straight on the run's database (not through the API), for a test that must change the
 * database under Strapi: a trigger forcing a failure, and dropping it again. `sql.sqlite` may hold several
 * statements (run with `exec`), `sql.postgres` too (the simple query protocol); no parameters.
 */
export async function testDbExec(sql: { sqlite: string; postgres: string }): Promise<void> {
  const db = inject('database');
  if (db.client === 'sqlite') {
    const Database = require('better-sqlite3');
    const conn = new Database(db.filename, { fileMustExist: true });
    try {
      conn.pragma('busy_timeout = 5000');
      conn.exec(sql.sqlite);
    } finally {
      conn.close();
    }
    return;
  }
  const { Client } = require('pg');
  const conn = new Client({ host: db.host, port: db.port, database: db.database, user: db.user, password: db.password });
  await conn.connect();
  try {
    await conn.query(sql.postgres);
  } finally {
    await conn.end();
  }
}
