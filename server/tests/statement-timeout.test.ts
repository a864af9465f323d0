import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';
import { STATEMENT_TIMEOUT_MESSAGE } from '../src/middlewares/db-errors';

const require = createRequire(import.meta.url);

/**
 * PostgreSQL cancels a statement at DATABASE_STATEMENT_TIMEOUT_MS (config/database.ts) and the API answers a 503 that
 * says so (src/middlewares/db-errors.ts), so no request holds a connection and a core for minutes (the PostgreSQL fuzz
 * run, seed 1011405197, found a list that ran for more than five minutes before its conditions across relations
 * became semi-joins: utils/semi-joins.ts). A statement that waits is as long as one that computes, and waiting
 * does not depend on PostgreSQL's plans: the test holds a row lock in a transaction of its own while the API updates
 * that row.
 */
const database = inject('database');
const postgres = database.client === 'postgres';
let server: Awaited<ReturnType<typeof startSecondStrapi>>;

describe.runIf(postgres)('a statement past its time limit (PostgreSQL)', () => {
  beforeAll(async () => {
    server = await startSecondStrapi({ AUTH_RATELIMIT: 'false', DATABASE_STATEMENT_TIMEOUT_MS: '1000' }, database);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('is cancelled and answered with a 503 that says so; the next request is served', async () => {
    const login = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS.admin, password: SEED_PASSWORD } });
    const headers = { Authorization: `Bearer ${login.body.jwt}` };
    const made = await requestFrom(server.port, 'POST', '/api/notifications', { headers, body: { data: { title: 'Aguardando' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.documentId as string;
    const { Client } = require('pg');
    const holder = new Client({ host: database.host, port: database.port, database: database.database, user: database.user, password: database.password });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM notifications WHERE document_id = $1 FOR UPDATE', [id]);
      const started = Date.now();
      const res = await requestFrom(server.port, 'PUT', `/api/notifications/${id}`, { headers, body: { data: { read: true } }, timeoutMs: 30_000 });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error.message).toBe(STATEMENT_TIMEOUT_MESSAGE);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    const again = await requestFrom(server.port, 'PUT', `/api/notifications/${id}`, { headers, body: { data: { read: true } } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  }, 60_000);
});
