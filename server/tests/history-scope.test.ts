import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { anOrder, call, foreignOrder, get, me } from './helpers/business';
import { historyAnswer, historyOf, ownHistory, type Entry } from './helpers/history';
import { createUser } from './helpers/users';

/**
 * Who reads the history (utils/history/read.ts): a record's entries only to whoever sees the record now (its
 * data scope and their role's read permission); a deleted record's, a role's and the filters by user and period
 * only to administrators; the list is Strapi's page shape, newest first; no route writes an entry.
 */
const touch = async (who: 'despachante' | 'admin', documentId: string, price: number) => {
  const res = await call(who, 'PUT', `/sales-orders/${documentId}`, { data: { vehicle_price: price } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('a record’s history follows the record’s scope', () => {
  it('parties see their own orders’ history and never another company’s (404)', async () => {
    const mine = await anOrder('despachante');
    await touch('despachante', mine.documentId, 1234);
    const theirs = await foreignOrder();
    await touch('admin', theirs.documentId, 4321);
    const seen = await historyAnswer('despachante', 'sales-order', mine.documentId);
    expect(seen.status).toBe(200);
    expect(seen.body.data.length).toBeGreaterThan(0);
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const res = await historyAnswer(who, 'sales-order', theirs.documentId);
      expect({ who, status: res.status }).toEqual({ who, status: 404 });
      expect(JSON.stringify(res.body)).not.toContain('4321');
    }
    // the same through the receivable of that order, by its own type
    const method = (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0];
    const foreignPay = await call('admin', 'POST', '/receivables', { data: { pedido_id: theirs.id, payment_method_id: method.id, amount_original: 9 } });
    expect(foreignPay.status).toBe(201);
    expect((await historyAnswer('despachante', 'receivable', foreignPay.body.data.documentId)).status).toBe(404);
    expect((await historyAnswer('admin', 'receivable', foreignPay.body.data.documentId)).body.data).toHaveLength(1);
  });

  it('a role that does not read a type does not read its history; an order shows only the children the role reads', async () => {
    const order = await anOrder('vendedor');
    const method = (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0];
    const pay = await call('admin', 'POST', '/receivables', { data: { pedido_id: order.id, payment_method_id: method.id, amount_original: 5 } });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect((await historyAnswer('vendedor', 'receivable', pay.body.data.documentId)).status).toBe(404);
    const asSeller = (await historyAnswer('vendedor', 'sales-order', order.documentId)).body.data as Entry[];
    expect(asSeller.some((e) => e.content_type === 'api::receivable.receivable')).toBe(false);
    expect((await historyOf('sales-order', order.documentId)).some((e) => e.record_document_id === pay.body.data.documentId)).toBe(true);
  });

  it('a deleted record’s history: administrators only', async () => {
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const made = await call('despachante', 'POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), customer_id: customer.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.documentId;
    expect((await historyAnswer('despachante', 'sales-order', id)).status).toBe(200);
    expect((await call('despachante', 'DELETE', `/sales-orders/${id}`)).status).toBe(204);
    expect((await historyAnswer('despachante', 'sales-order', id)).status).toBe(404);
    expect((await ownHistory('sales-order', id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('a user’s history: the user and administrators; a role’s: administrators', async () => {
    const admin = await login('admin');
    const user = await createUser(admin);
    const documentId = (await api('GET', `/users/${user.id}`, { token: admin })).body.documentId;
    const token = (await api('POST', '/auth/local', { body: { identifier: user.username, password: user.password } })).body.jwt;
    expect((await historyAnswer(token, 'user', documentId)).status).toBe(200);
    expect((await historyAnswer('despachante', 'user', documentId)).status).toBe(404);
    const ownDoc = (await me('despachante')).documentId;
    expect((await historyAnswer('despachante', 'user', ownDoc)).status).toBe(200);
    const role = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles[0];
    // users are addressed by their numeric id too (the PWA's /user/{id})
    const byId = await api('GET', `/history-entries?record_type=user&record_id=${user.id}`, { token });
    expect(byId.status).toBe(200);
    expect(byId.body.data.map((e: Entry) => e.action)).toEqual(['create']);
    expect((await api('GET', `/history-entries?record_type=user&record_id=${user.id}`, { token: await login('despachante') })).status).toBe(404);
    expect((await historyAnswer('despachante', 'role', role.documentId)).status).toBe(404);
    expect((await historyAnswer('admin', 'role', role.documentId)).status).toBe(200);
  });
});

describe('the list', () => {
  it('administrators filter all history by user and period; paged like Strapi, newest first', async () => {
    const desp = await me('despachante');
    const order = await anOrder('despachante');
    const before = new Date(Date.now() - 1000).toISOString();
    await touch('despachante', order.documentId, 111);
    await touch('despachante', order.documentId, 222);
    const token = await login('admin');
    const list = await api('GET', `/history-entries?user_id=${desp.id}&from=${encodeURIComponent(before)}&pagination[pageSize]=1`, { token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta.pagination).toMatchObject({ page: 1, pageSize: 1 });
    expect(list.body.meta.pagination.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data[0]).toMatchObject({ user_id: desp.id, record_document_id: order.documentId, changes: { vehicle_price: { new: 222 } } });
    const second = await api('GET', `/history-entries?user_id=${desp.id}&from=${encodeURIComponent(before)}&pagination[pageSize]=1&pagination[page]=2`, {
      token,
    });
    expect(second.body.data[0].changes.vehicle_price.new).toBe(111);
    const past = await api('GET', `/history-entries?user_id=${desp.id}&to=2000-01-01`, { token });
    expect(past.body.data).toEqual([]);
    expect((await api('GET', '/history-entries?record_type=receivable', { token })).status).toBe(200);
    // the history screen's own action: administrators only
    const all = await api('GET', `/history-entries/all?user_id=${desp.id}&from=${encodeURIComponent(before)}`, { token });
    expect(all.body.meta.pagination.total).toBe(list.body.meta.pagination.total);
    const refused = await api('GET', `/history-entries/all?record_type=sales-order&record_document_id=${order.documentId}`, {
      token: await login('despachante'),
    });
    expect(refused.status).toBe(403);
  });

  it('refuses what it does not know (400) and the administrators’ filters to others (403)', async () => {
    const order = await anOrder('despachante');
    const desp = await login('despachante');
    const admin = await login('admin');
    const cases: Array<[string, string, number]> = [
      [desp, '/history-entries', 400],
      [desp, `/history-entries?record_type=sales-order&record_document_id=${order.documentId}&user_id=1`, 403],
      [desp, `/history-entries?record_type=sales-order&record_document_id=${order.documentId}&from=2020-01-01`, 403],
      [admin, '/history-entries?record_type=idempotency-key', 400],
      [admin, '/history-entries?record_type=nada', 400],
      [admin, '/history-entries?record_document_id=abc', 400],
      [admin, '/history-entries?from=ontem', 400],
      [admin, '/history-entries?from=2020-02-01&to=2020-01-01', 400],
      [admin, '/history-entries?user_id=-1', 400],
      [admin, '/history-entries?filters[id][$eq]=1', 400],
      [admin, '/history-entries?pagination[pageSize]=1000', 400],
      [admin, '/history-entries?record_type[0]=a', 400],
    ];
    for (const [token, path, status] of cases) expect({ path, status: (await api('GET', path, { token })).status }).toEqual({ path, status });
  });

  it('no route creates, updates or deletes an entry', async () => {
    const admin = await login('admin');
    const entry = (await api('GET', '/history-entries?pagination[pageSize]=1', { token: admin })).body.data[0];
    expect(entry).toBeTruthy();
    for (const [method, path] of [
      ['POST', '/history-entries'],
      ['PUT', `/history-entries/${entry.documentId}`],
      ['DELETE', `/history-entries/${entry.documentId}`],
      ['GET', `/history-entries/${entry.documentId}`],
    ]) {
      const res = await api(method, path, {
        token: admin,
        body: method === 'GET' || method === 'DELETE' ? undefined : { data: { action: 'create', changes: {} } },
      });
      expect([404, 405], `${method} ${path}`).toContain(res.status);
    }
    const again = (
      await api(
        'GET',
        `/history-entries?record_type=${encodeURIComponent(entry.content_type)}&record_document_id=${entry.record_document_id}&pagination[pageSize]=100`,
        { token: admin },
      )
    ).body.data;
    expect(again.find((e: Entry) => e.id === entry.id)).toEqual(entry);
  });
});
