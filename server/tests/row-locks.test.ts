import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * An update and a delete of one document at once: the second waits for the first (on PostgreSQL by utils/row-locks.ts,
 * on SQLite by its one write transaction at a time).
 * Unlocked, Strapi's update could read the row, lose it to the delete, and emit `entry.update` with no entry after its
 * commit, whose TypeError nothing awaited: the process ended (the PostgreSQL fuzz run, seed 420614069). Notifications
 * are not recorded in the history, whose own lock covered the other content-types.
 */
const postgres = inject('database').client === 'postgres';
let server: Awaited<ReturnType<typeof startSecondStrapi>>;

describe('an update and a delete of one document at once', () => {
  beforeAll(async () => {
    // on SQLite its own copy of the seeded file (a write transaction there runs alone: BEGIN IMMEDIATE)
    server = await startSecondStrapi({ AUTH_RATELIMIT: 'false' }, postgres ? inject('database') : undefined);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answer as one after the other: the update 200 or 404, the delete 204; the server keeps serving', async () => {
    const login = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS.admin, password: SEED_PASSWORD } });
    const headers = { Authorization: `Bearer ${login.body.jwt}` };
    const seen = { update: new Set<number>(), delete: new Set<number>() };
    for (let round = 0; round < 40; round++) {
      const made = await requestFrom(server.port, 'POST', '/api/notifications', { headers, body: { data: { title: `Corrida ${round}` } } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.data.documentId as string;
      const [put, del] = await Promise.all([
        requestFrom(server.port, 'PUT', `/api/notifications/${id}`, {
          headers,
          body: { data: { title: `Corrida ${round} (lida)`, read: true } },
          timeoutMs: 20_000,
        }),
        requestFrom(server.port, 'DELETE', `/api/notifications/${id}`, { headers, timeoutMs: 20_000 }),
      ]);
      seen.update.add(put.status);
      seen.delete.add(del.status);
      expect([200, 404], JSON.stringify(put.body)).toContain(put.status);
      expect(del.status, JSON.stringify(del.body)).toBe(204);
      expect((await requestFrom(server.port, 'GET', `/api/notifications/${id}`, { headers })).status).toBe(404);
    }
    expect((await requestFrom(server.port, 'GET', '/api/states', { headers })).status).toBe(200);
    expect([...seen.update].sort()).toEqual(expect.arrayContaining([200]));
  }, 120_000);
});
