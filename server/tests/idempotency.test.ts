import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';

const uniquePdf = () => Buffer.concat([SAMPLES.pdf, Buffer.from(`% ${randomUUID()}\n`)]);

async function countFiles(token: string, name: string) {
  const res = await api('GET', `/upload/files?filters[name][$eq]=${encodeURIComponent(name)}`, { token });
  expect(res.status).toBe(200);
  return (res.body as any[]).length;
}

describe('Idempotency-Key on POST /upload', () => {
  it('replays the first answer for a repeat and creates one file', async () => {
    const token = await login('admin');
    const key = randomUUID();
    const name = `idem-${key}.pdf`;
    const bytes = uniquePdf();
    const first = await api('POST', '/upload', { token, body: fileForm(name, bytes), headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    const again = await api('POST', '/upload', { token, body: fileForm(name, bytes), headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countFiles(token, name)).toBe(1);
  });

  it('answers 422 for the same key with a different file', async () => {
    const token = await login('admin');
    const key = randomUUID();
    expect((await api('POST', '/upload', { token, body: fileForm('a.pdf', uniquePdf()), headers: { 'Idempotency-Key': key } })).status).toBe(201);
    const other = await api('POST', '/upload', { token, body: fileForm('a.pdf', uniquePdf()), headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.error.message).toMatch(/Idempotency-Key/);
  });

  it('scopes keys per user: another user with the same key gets their own upload', async () => {
    const key = randomUUID();
    const bytes = uniquePdf();
    const a = await api('POST', '/upload', { token: await login('admin'), body: fileForm('b.pdf', bytes), headers: { 'Idempotency-Key': key } });
    const b = await api('POST', '/upload', { token: await login('despachante'), body: fileForm('b.pdf', bytes), headers: { 'Idempotency-Key': key } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body[0].id).not.toBe(a.body[0].id);
  });

  it('does not store refusals that a retry could fix, and refuses keys over 200 characters', async () => {
    const key = randomUUID();
    const denied = await api('POST', '/upload', { token: await login('vendedor'), body: fileForm('c.pdf', SAMPLES.pdf), headers: { 'Idempotency-Key': key } });
    expect(denied.status).toBe(403);
    const long = await api('POST', '/upload', {
      token: await login('admin'),
      body: fileForm('c.pdf', SAMPLES.pdf),
      headers: { 'Idempotency-Key': 'k'.repeat(201) },
    });
    expect(long.status).toBe(400);
  });

  it('50 concurrent duplicates create exactly one file and all answer the same', async () => {
    const token = await login('admin');
    const key = randomUUID();
    const name = `concurrent-${key}.pdf`;
    const bytes = uniquePdf();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', '/upload', { token, body: fileForm(name, bytes), headers: { 'Idempotency-Key': key } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = new Set(results.map((r) => r.body[0].id));
    expect(ids.size).toBe(1);
    expect(await countFiles(token, name)).toBe(1);
  });
});

async function orderAndMethod(token: string) {
  const orders = await api('GET', '/sales-orders?pagination[pageSize]=1&sort[0]=id:asc', { token });
  const methods = await api('GET', '/payment-methods?pagination[pageSize]=1', { token });
  expect(orders.status).toBe(200);
  return { order: orders.body.data[0], method: methods.body.data[0] };
}

describe('Idempotency-Key on POST /receivables', () => {
  it('sequential repeat replays, 50 concurrent duplicates make one payment, different body 422', async () => {
    const token = await login('despachante');
    const { order, method } = await orderAndMethod(token);
    const customId = `SO-${order.id}-${Date.now()}`;
    const body = {
      data: {
        pedido_id: order.id,
        payment_method_id: method.id,
        amount_original: 150.5,
        amount_final: 150.5,
        installments: 1,
        status_in: 'pending',
        payment_date: new Date().toISOString(),
        custom_document_id: customId,
      },
    };
    const key = randomUUID();
    const first = await api('POST', '/receivables', { token, body, headers: { 'Idempotency-Key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await api('POST', '/receivables', { token, body, headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const changed = await api('POST', '/receivables', { token, body: { data: { ...body.data, amount_original: 99 } }, headers: { 'Idempotency-Key': key } });
    expect(changed.status).toBe(422);

    const key2 = randomUUID();
    const customId2 = `${customId}-b`;
    const body2 = { data: { ...body.data, custom_document_id: customId2 } };
    const all = await Promise.all(Array.from({ length: 50 }, () => api('POST', '/receivables', { token, body: body2, headers: { 'Idempotency-Key': key2 } })));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(201));
    expect(new Set(all.map((r) => r.body.data.documentId)).size).toBe(1);
    const list = await api('GET', `/receivables?filters[custom_document_id][$eq]=${customId2}`, { token });
    expect(list.body.meta.pagination.total).toBe(1);
  });
});

describe('Idempotency-Key on POST /sales-order-documents', () => {
  it('a repeated document creation replays the first answer and creates one row', async () => {
    const token = await login('despachante');
    const { order } = await orderAndMethod(token);
    const types = await api('GET', '/document-types?pagination[pageSize]=1', { token });
    expect(types.body.data.length).toBeGreaterThan(0);
    const up = await api('POST', '/upload', { token, body: fileForm('cnh.pdf', uniquePdf()) });
    const body = { data: { sales_order: order.id, document_type: types.body.data[0].id, content: up.body[0].id } };
    const before = await api('GET', `/sales-order-documents?filters[sales_order][id][$eq]=${order.id}&pagination[pageSize]=100`, { token });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', '/sales-order-documents', { token, body, headers: { 'Idempotency-Key': key } })),
    );
    expect(
      results.map((r) => r.status),
      JSON.stringify(results[0].body),
    ).toEqual(Array(10).fill(201));
    const after = await api('GET', `/sales-order-documents?filters[sales_order][id][$eq]=${order.id}&pagination[pageSize]=100`, { token });
    expect(after.body.meta.pagination.total).toBe(before.body.meta.pagination.total + 1);
  });
});
