import { describe, expect, inject, it } from 'vitest';
import { LOGINS, SEED_PASSWORD } from '../tests/helpers/api';
import type { InstanceName } from './cluster';
import { withPg } from './db';

/**
 * The history across instances (server/src/utils/history): two instances that start together and both run the
 * seed record none of its writes (the seed is the installation's first state); two instances racing on one payment record exactly the change made (the row is locked before its old
 * values are read), and each instance reads the other's entries.
 */
const info = inject('cluster');
const base = (to: InstanceName | 'lb') => (to === 'lb' ? info.lbUrl : info.instances[to]);

async function call(to: InstanceName | 'lb', method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base(to)}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function adminToken(): Promise<string> {
  const res = await call('a', 'POST', '/api/auth/local', undefined, { identifier: LOGINS.admin, password: SEED_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
}

describe('history on two instances', () => {
  it('the seed leaves no entry, though both instances ran it', async () => {
    // the server's own creations (no author) are the seed's: states, access data, demo logins and records
    const seeded = await withPg(info, async (c) =>
      Number((await c.query(`SELECT count(*)::int AS n FROM history_entries WHERE user_id IS NULL AND action = 'create'`)).rows[0].n),
    );
    expect(seeded).toBe(0);
  });

  it('confirm sent to A and B at once: one confirms, the other answers 409; one entry with the value it replaced; both instances read it', async () => {
    const token = await adminToken();
    const order = (await call('lb', 'GET', '/api/sales-orders?pagination[pageSize]=1&sort[0]=id:asc', token)).body.data[0];
    const made = await call('a', 'POST', '/api/receivables', token, { data: { pedido_id: order.id, amount_original: 42.5 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.documentId as string;
    const answers = await Promise.all([call('a', 'POST', `/api/receivables/confirm/${id}`, token), call('b', 'POST', `/api/receivables/confirm/${id}`, token)]);
    // the payment is confirmed once: the second reads it paid under the row lock and answers as a sequential repeat
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.message).toBe('Só um pagamento pendente pode ser confirmado (este está pago).');
    for (const to of ['a', 'b'] as const) {
      const history = await call(to, 'GET', `/api/history-entries?record_type=receivable&record_document_id=${id}`, token);
      expect(history.status).toBe(200);
      const entries = history.body.data as Array<{ action: string; changes: Record<string, { old: unknown; new: unknown }> }>;
      expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
      expect(entries[0].changes).toEqual({ status_in: { old: 'pending', new: 'paid' } });
    }
  });
});
