import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { anOrder, call, get, me, uniq } from './helpers/business';
import { fileForm, SAMPLES } from './helpers/files';
import { historyOf, ownHistory, PRIVATE_FIELDS, uidOf, type Entry } from './helpers/history';
import { cnpj } from './helpers/scope';
import { createUser, uniqueCpf } from './helpers/users';

/**
 * The history of money and documents (utils/history): every mutation path leaves exactly one entry per
 * change, with who, the old and the new value of each changed field, never a private field; a replayed
 * Idempotency-Key leaves none; a failed write leaves none.
 */
const methodOf = async () => (await get('admin', '/payment-methods?pagination[pageSize]=1')).data[0];
const paymentBody = (orderId: number, methodId: number, amount = 100) => ({
  data: { pedido_id: orderId, payment_method_id: methodId, amount_original: amount, installments: 1, payment_date: new Date().toISOString() },
});
const actions = (entries: Entry[]) => entries.map((e) => e.action);

describe('receivables: create, update, confirm, undo, delete', () => {
  it('each change is one entry with its old and new values and who made it', async () => {
    const order = await anOrder('despachante');
    const method = await methodOf();
    const desp = await me('despachante');
    const created = await call('despachante', 'POST', '/receivables', paymentBody(order.id, method.id, 100));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.documentId;
    expect((await call('despachante', 'PUT', `/receivables/${id}`, { data: { amount_final: 150.5 } })).status).toBe(200);
    // a save that changes nothing the history records leaves no entry
    expect((await call('despachante', 'PUT', `/receivables/${id}`, { data: { amount_final: 150.5 } })).status).toBe(200);
    // a refused save (400) leaves none
    expect((await call('despachante', 'PUT', `/receivables/${id}`, { data: { amount_original: -1 } })).status).toBe(400);
    expect((await call('despachante', 'POST', `/receivables/confirm/${id}`)).status).toBe(200);
    expect((await call('despachante', 'POST', `/receivables/confirm/${id}`)).status).toBe(409);
    expect((await call('despachante', 'POST', `/receivables/undo/${id}`)).status).toBe(200);
    expect((await call('despachante', 'DELETE', `/receivables/${id}`)).status).toBe(204);

    const entries = await ownHistory('receivable', id);
    expect(actions(entries)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    const [create, amount, confirm, undo, del] = entries;
    expect(create).toMatchObject({ user_id: desp.id, role_type: 'despachante', record_id: created.body.data.id, parent_document_id: order.documentId });
    expect(create.changes.amount_original).toEqual({ old: null, new: 100 });
    expect(create.changes.status_in).toEqual({ old: null, new: 'pending' });
    expect(amount.changes).toEqual({ amount_final: { old: 100, new: 150.5 } });
    expect(confirm.changes).toEqual({ status_in: { old: 'pending', new: 'paid' } });
    expect(undo.changes).toEqual({ status_in: { old: 'paid', new: 'reversed' } });
    expect(del.changes.amount_final).toEqual({ old: 150.5, new: null });
    expect(del.changes.status_in).toEqual({ old: 'reversed', new: null });
    expect(Date.parse(del.createdAt)).toBeGreaterThanOrEqual(Date.parse(create.createdAt));
  });

  it('a replay with the same Idempotency-Key leaves no second entry', async () => {
    const order = await anOrder('despachante');
    const method = await methodOf();
    const token = await login('despachante');
    const key = `hist-${uniq()}`;
    const body = paymentBody(order.id, method.id, 77);
    const first = await api('POST', '/receivables', { token, body, headers: { 'Idempotency-Key': key } });
    const again = await api('POST', '/receivables', { token, body, headers: { 'Idempotency-Key': key } });
    expect([first.status, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([201, 201, 'true']);
    expect(actions(await ownHistory('receivable', first.body.data.documentId))).toEqual(['create']);
  });
});

describe('concurrent writes', () => {
  it('two creates of one payment at once: one create entry per payment stored, none for a refused one', async () => {
    const order = await anOrder('despachante');
    const method = await methodOf();
    const since = new Date(Date.now() - 1000).toISOString();
    const key = `dup-${uniq()}`;
    const body = { data: { ...paymentBody(order.id, method.id, 5).data, custom_document_id: key } };
    const answers = await Promise.all([call('despachante', 'POST', '/receivables', body), call('despachante', 'POST', '/receivables', body)]);
    const stored = answers.filter((a) => a.status === 201).map((a) => a.body.data.documentId as string);
    expect(stored.length).toBeGreaterThan(0);
    const token = await login('admin');
    const listed = await api('GET', `/history-entries?record_type=receivable&from=${encodeURIComponent(since)}&pagination[pageSize]=100`, { token });
    const mine = (listed.body.data as Entry[]).filter((e) => e.changes.custom_document_id?.new === key);
    expect(mine.map((e) => e.record_document_id).sort()).toEqual(stored.sort());
    expect(mine.map((e) => e.action)).toEqual(stored.map(() => 'create'));
  });
});

describe('orders, their items and documents', () => {
  it('order create/update/delete; deleting an order records its items and receivables going too', async () => {
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const conc = await me('concessionaria');
    const created = await call('despachante', 'POST', '/sales-orders', {
      data: { billing_date: new Date().toISOString(), vehicle_price: 1000, customer_id: customer.id, user_company_id: conc.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body.data;
    expect((await call('despachante', 'PUT', `/sales-orders/${order.documentId}`, { data: { vehicle_price: 2500.75, status_in: 'authorized' } })).status).toBe(
      200,
    );
    const item = await call('admin', 'POST', '/sales-order-items', { data: { sales_order: order.id, name: 'Placa', price: 10, quantity: 2 } });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    expect((await call('admin', 'PUT', `/sales-order-items/${item.body.data.documentId}`, { data: { quantity: 3 } })).status).toBe(200);
    const pay = await call('despachante', 'POST', '/receivables', paymentBody(order.id, (await methodOf()).id, 20));
    expect(pay.status).toBe(201);
    expect((await call('despachante', 'DELETE', `/sales-orders/${order.documentId}`)).status).toBe(204);

    const own = await ownHistory('sales-order', order.documentId);
    expect(actions(own)).toEqual(['create', 'update', 'delete']);
    expect(own[0].changes.customer_id).toEqual({ old: null, new: customer.id });
    expect(own[1].changes).toEqual({ vehicle_price: { old: 1000, new: 2500.75 }, status_in: { old: 'pending', new: 'authorized' } });
    expect(actions(await ownHistory('sales-order-item', item.body.data.documentId))).toEqual(['create', 'update', 'delete']);
    expect((await ownHistory('sales-order-item', item.body.data.documentId))[1].changes).toEqual({ quantity: { old: 2, new: 3 } });
    expect(actions(await ownHistory('receivable', pay.body.data.documentId))).toEqual(['create', 'delete']);
    // the order's history holds its children's entries too
    const all = await historyOf('sales-order', order.documentId);
    expect(new Set(all.map((e) => e.content_type))).toEqual(new Set([uidOf('sales-order'), uidOf('sales-order-item'), uidOf('receivable')]));
  });

  it('an order document: upload and delete, once each, also with a replayed key', async () => {
    const token = await login('despachante');
    const order = await anOrder('despachante');
    const type = (await get('despachante', '/document-types?pagination[pageSize]=1')).data[0];
    const upload = await api('POST', '/upload', { token, body: fileForm('crlv.pdf', SAMPLES.pdf, 'application/pdf') });
    expect(upload.status).toBe(201);
    const file = upload.body[0];
    const key = `doc-${uniq()}`;
    const body = { data: { sales_order: order.id, document_type: type.id, content: file.id } };
    const made = await api('POST', '/sales-order-documents', { token, body, headers: { 'Idempotency-Key': key } });
    const replay = await api('POST', '/sales-order-documents', { token, body, headers: { 'Idempotency-Key': key } });
    expect([made.status, replay.status]).toEqual([201, 201]);
    const id = made.body.data.documentId;
    expect((await api('DELETE', `/sales-order-documents/${id}`, { token })).status).toBe(204);
    const entries = await ownHistory('sales-order-document', id);
    expect(actions(entries)).toEqual(['create', 'delete']);
    expect(entries[0].changes.content).toEqual({ old: null, new: { id: file.id, name: 'crlv.pdf' } });
    expect(entries[0].parent_document_id).toBe(order.documentId);
    expect(entries[1].changes.document_type).toEqual({ old: type.id, new: null });
    expect((await historyOf('sales-order', order.documentId)).some((e) => e.record_document_id === id)).toBe(true);
  });
});

describe('customers, companies, agreements', () => {
  it('customer create and update', async () => {
    const created = await call('despachante', 'POST', '/customers', { data: { name: 'Cliente Histórico', cpf_cnpj: uniqueCpf() } });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId;
    expect((await call('despachante', 'PUT', `/customers/${id}`, { data: { phone_number: '11999990000' } })).status).toBe(200);
    const entries = await ownHistory('customer', id);
    expect(actions(entries)).toEqual(['create', 'update']);
    expect(entries[1].changes).toEqual({ phone_number: { old: null, new: '11999990000' } });
  });

  it('createDispatcher, updateCompanies, a company update and deleteDispatcher', async () => {
    const state = (await get('admin', '/states?filters[abbreviation][$eq]=SP')).data[0];
    const doc = cnpj(100000000000 + Math.floor(Math.random() * 8e11));
    const res = await call('admin', 'POST', '/companies/createDispatcher', {
      data: { trade_name: 'Despachante Histórico', cnpj: doc, address_state_id: state.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const company = res.body.data;
    const login = company.user_id;
    const dealer = (await get('admin', '/companies?filters[type][$eq]=company&populate=user_id&pagination[pageSize]=1')).data[0];
    const link = (d: number) =>
      call('admin', 'PUT', `/companies/${company.documentId}/updateCompanies`, { companies: [{ id: dealer.id }], incentivoDespachante: d });
    expect((await link(10)).status).toBe(200);
    expect((await link(12)).status).toBe(200);
    expect((await link(12)).status).toBe(200);
    expect((await call('admin', 'PUT', `/companies/${company.documentId}`, { data: { trade_name: 'Despachante Renomeado' } })).status).toBe(200);
    const agreement = (await get('admin', `/company-agreements?filters[user_dispatcher_id][id][$eq]=${login.id}`)).data[0];
    expect((await call('admin', 'DELETE', `/companies/deleteDispatcher/${company.documentId}`)).status).toBe(204);

    const companyEntries = await ownHistory('company', company.documentId);
    expect(actions(companyEntries)).toEqual(['create', 'update', 'delete']);
    expect(companyEntries[0].changes.user_id).toEqual({ old: null, new: login.id });
    expect(companyEntries[1].changes).toEqual({ trade_name: { old: 'Despachante Histórico', new: 'Despachante Renomeado' } });
    const agreementEntries = await ownHistory('company-agreement', agreement.documentId);
    expect(actions(agreementEntries)).toEqual(['create', 'update', 'delete']);
    expect(agreementEntries[1].changes).toEqual({ dispatcher_profit_percentage: { old: 10, new: 12 } });
    const userEntries = await ownHistory('user', login.documentId);
    expect(actions(userEntries)).toEqual(['create', 'delete']);
    expect(userEntries[0].changes.username).toEqual({ old: null, new: doc });
    for (const e of userEntries) for (const f of PRIVATE_FIELDS) expect(e.changes).not.toHaveProperty(f);
  });
});

describe('users and roles (users-permissions writes, through the lifecycles)', () => {
  it('user create, update, password change, delete: no password or private field, ever', async () => {
    const admin = await login('admin');
    const user = await createUser(admin);
    const row = (await api('GET', `/users/${user.id}`, { token: admin })).body;
    expect((await api('PUT', `/users/${user.id}`, { token: admin, body: { name: 'Nome Novo', phone_number: '11988887777' } })).status).toBe(200);
    expect(
      (await api('POST', `/users/${user.id}/change-password`, { token: admin, body: { password: 'outraSenha9', passwordConfirmation: 'outraSenha9' } })).status,
    ).toBeLessThan(300);
    const session = await api('POST', '/auth/local', { body: { identifier: user.username, password: 'outraSenha9' } });
    expect(session.status).toBe(200);
    expect((await api('POST', '/auth/logout', { token: session.body.jwt })).status).toBeLessThan(500);
    expect((await api('DELETE', `/users/${user.id}`, { token: admin })).status).toBe(200);
    const entries = await ownHistory('user', row.documentId);
    expect(actions(entries)).toEqual(['create', 'update', 'update', 'delete']);
    expect(entries[1].changes).toEqual({ name: { old: 'Usuário de Teste', new: 'Nome Novo' }, phone_number: { old: null, new: '11988887777' } });
    // the password change says so, with no value (tests/history-access.test.ts covers every path)
    expect(entries[2].changes).toEqual({ password: { old: null, new: null } });
    const text = JSON.stringify(entries);
    for (const f of PRIVATE_FIELDS.filter((f) => f !== 'password')) expect(text).not.toContain(`"${f}"`);
    expect(text).not.toContain('outraSenha9');
    expect(text).not.toContain('segredo1');
  });

  it('role create, update, delete (no permissions: none listed)', async () => {
    const admin = await login('admin');
    const made = await api('POST', '/users-permissions/roles', { token: admin, body: { name: `Papel ${uniq()}`, description: 'antes', permissions: {} } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const roles = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles;
    const role = roles.find((r: { description: string; name: string }) => r.description === 'antes' && r.name.startsWith('Papel'));
    expect(
      (await api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body: { name: role.name, description: 'depois', permissions: {} } })).status,
    ).toBe(200);
    expect((await api('DELETE', `/users-permissions/roles/${role.id}`, { token: admin })).status).toBe(200);
    const entries = await ownHistory('role', role.documentId);
    expect(actions(entries)).toEqual(['create', 'update', 'delete']);
    expect(entries[1].changes).toEqual({ description: { old: 'antes', new: 'depois' } });
  });
});
