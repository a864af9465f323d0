import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from './helpers/api';
import { requestFrom, startSecondStrapi } from './helpers/second-strapi';

/**
 * An update and a delete of one document at once: the second waits for the first (on PostgreSQL by utils/row-locks.ts,
 * on SQLite by its one write transaction at a time).
 * Unlocked, Strapi's update could read the row, lose it to the delete, and emit `entry.update` with no entry after its
 * commit, whose TypeError nothing awaited: the process ended (the PostgreSQL fuzz run, seed 420614069).
 * The same lock orders the history of concurrent updates: each one reads its "before" after the previous one committed.
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

  it('concurrent updates of one recorded document: its history is one chain, each old value the previous new one', async () => {
    const login = await requestFrom(server.port, 'POST', '/api/auth/local', { body: { identifier: LOGINS.admin, password: SEED_PASSWORD } });
    const headers = { Authorization: `Bearer ${login.body.jwt}` };
    const made = await requestFrom(server.port, 'POST', '/api/payment-methods', { headers, body: { data: { name: 'Meio concorrido', max_installments: 0 } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.documentId as string;
    const puts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        requestFrom(server.port, 'PUT', `/api/payment-methods/${id}`, { headers, body: { data: { max_installments: i + 1 } }, timeoutMs: 20_000 }),
      ),
    );
    expect(puts.map((p) => p.status)).toEqual(puts.map(() => 200));
    const stored = (await requestFrom(server.port, 'GET', `/api/payment-methods/${id}`, { headers })).body.data.max_installments as number;
    const listed = await requestFrom(server.port, 'GET', `/api/history-entries?record_type=payment-method&record_document_id=${id}&pagination[pageSize]=100`, {
      headers,
    });
    const updates = (listed.body.data as { id: number; action: string; changes: Record<string, { old: unknown; new: unknown }> }[])
      .filter((e) => e.action === 'update')
      .sort((a, b) => a.id - b.id)
      .map((e) => e.changes.max_installments);
    const chain = updates.map((c, i) => ({ old: c.old, expected: i === 0 ? 0 : updates[i - 1].new }));
    expect(chain.map((c) => c.old)).toEqual(chain.map((c) => c.expected));
    expect(updates.at(-1)?.new).toBe(stored);
  }, 60_000);
});
