import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { call, get, me, uniq } from './helpers/business';
import { testDbExec, testDbRows } from './helpers/db';
import { ownHistory } from './helpers/history';
import { createUser, uniqueCpf } from './helpers/users';

/**
 * A record's write and its history entries commit or fail together (utils/history/record.ts): the database
 * itself refuses a statement mid-write — a trigger on `history_entries` refuses any entry carrying MARK, a trigger
 * on `sales_orders` refuses one order's delete after its items' deletes and entries were written — and
 * afterwards neither the change nor an entry exists, and the API answers 500 (an unexpected database failure;
 * the user routes answer every refused write 400).
 */
const MARK = 'FALHA-FORCADA';
/** Refused only in a delete's entry (the record can be created with it). */
const DELETE_MARK = 'FALHA-NA-EXCLUSAO';
const HISTORY_TRIGGER = {
  sqlite: `CREATE TRIGGER IF NOT EXISTS test_fail_marked_history BEFORE INSERT ON history_entries
    WHEN NEW.changes LIKE '%${MARK}%' OR (NEW.action = 'delete' AND NEW.changes LIKE '%${DELETE_MARK}%') BEGIN SELECT RAISE(ABORT, 'falha forçada no histórico'); END;`,
  postgres: `CREATE OR REPLACE FUNCTION test_fail_marked_history() RETURNS trigger AS $$
    BEGIN IF NEW.changes::text LIKE '%${MARK}%' OR (NEW.action = 'delete' AND NEW.changes::text LIKE '%${DELETE_MARK}%') THEN RAISE EXCEPTION 'falha forçada no histórico'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
    DROP TRIGGER IF EXISTS test_fail_marked_history ON history_entries;
    CREATE TRIGGER test_fail_marked_history BEFORE INSERT ON history_entries FOR EACH ROW EXECUTE FUNCTION test_fail_marked_history();`,
};
const blockOrderDelete = (documentId: string) => ({
  sqlite: `CREATE TRIGGER test_block_order_delete BEFORE DELETE ON sales_orders
    WHEN OLD.document_id = '${documentId}' BEGIN SELECT RAISE(ABORT, 'falha forçada na exclusão'); END;`,
  postgres: `CREATE OR REPLACE FUNCTION test_block_order_delete() RETURNS trigger AS $$
    BEGIN IF OLD.document_id = '${documentId}' THEN RAISE EXCEPTION 'falha forçada na exclusão'; END IF; RETURN OLD; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER test_block_order_delete BEFORE DELETE ON sales_orders FOR EACH ROW EXECUTE FUNCTION test_block_order_delete();`,
});
const DROP = {
  sqlite: 'DROP TRIGGER IF EXISTS test_fail_marked_history; DROP TRIGGER IF EXISTS test_block_order_delete;',
  postgres: `DROP TRIGGER IF EXISTS test_fail_marked_history ON history_entries; DROP FUNCTION IF EXISTS test_fail_marked_history();
    DROP TRIGGER IF EXISTS test_block_order_delete ON sales_orders; DROP FUNCTION IF EXISTS test_block_order_delete();`,
};

/** Stored entries carrying MARK (none may ever commit). */
const markedEntries = async () =>
  (
    await testDbRows<{ n: number | string }>({
      sqlite: `SELECT COUNT(*) AS n FROM history_entries WHERE changes LIKE '%${MARK}%'`,
      postgres: `SELECT COUNT(*) AS n FROM history_entries WHERE changes::text LIKE '%${MARK}%'`,
    })
  )[0].n;

beforeAll(() => testDbExec(HISTORY_TRIGGER));
afterAll(() => testDbExec(DROP));

describe('a write whose history entry fails', () => {
  it('a customer update (Document Service): 500, the customer unchanged, no entry', async () => {
    const created = await call('despachante', 'POST', '/customers', { data: { name: 'Cliente Atômico', cpf_cnpj: uniqueCpf() } });
    expect(created.status).toBe(201);
    const id = created.body.data.documentId;
    const res = await call('despachante', 'PUT', `/customers/${id}`, { data: { name: `Cliente ${MARK}` } });
    expect(res.status).toBe(500);
    expect((await get('despachante', `/customers/${id}`)).data.name).toBe('Cliente Atômico');
    expect(Number(await markedEntries())).toBe(0);
    expect((await ownHistory('customer', id)).map((e) => e.action)).toEqual(['create']);
  });

  it('a user update (users-permissions, lifecycles): refused, the user unchanged, no entry', async () => {
    const admin = await login('admin');
    const user = await createUser(admin);
    const res = await api('PUT', `/users/${user.id}`, { token: admin, body: { name: `Nome ${MARK}`, phone_number: '11977776666' } });
    // the user controller answers any refused write 400 without the database's text (extensions/users-permissions/user-controller.ts)
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Dados inválidos: verifique os campos enviados.');
    const row = (await api('GET', `/users/${user.id}`, { token: admin })).body;
    expect([row.name, row.phone_number ?? null]).toEqual(['Usuário de Teste', null]);
    expect(Number(await markedEntries())).toBe(0);
    expect((await ownHistory('user', row.documentId)).map((e) => e.action)).toEqual(['create']);
  });

  it('a user delete (a bare query-engine delete, run in a transaction): 500, the user kept, no entry', async () => {
    const admin = await login('admin');
    const user = await createUser(admin, { name: `Usuário ${DELETE_MARK}` });
    expect((await api('DELETE', `/users/${user.id}`, { token: admin })).status).toBe(500);
    const row = await api('GET', `/users/${user.id}`, { token: admin });
    expect(row.status).toBe(200);
    expect((await ownHistory('user', row.body.documentId)).map((e) => e.action)).toEqual(['create']);
  });

  it("a role's save (row, then permission rows): 500, name and permissions unchanged, no entry", async () => {
    const admin = await login('admin');
    const name = `Papel ${uniq()}`;
    const permissions = { 'api::customer': { controllers: { customer: { find: { enabled: true } } } } };
    expect((await api('POST', '/users-permissions/roles', { token: admin, body: { name, permissions } })).status).toBe(200);
    const role = (await api('GET', '/users-permissions/roles', { token: admin })).body.roles.find((r: { name: string }) => r.name === name);
    const grant = { 'api::receivable': { controllers: { receivable: { find: { enabled: true } } } } };
    const res = await api('PUT', `/users-permissions/roles/${role.id}`, { token: admin, body: { name: `${name} ${MARK}`, permissions: grant } });
    expect(res.status).toBe(500);
    const after = (await api('GET', `/users-permissions/roles/${role.id}`, { token: admin })).body.role;
    expect(after.name).toBe(name);
    expect(after.permissions['api::customer'].controllers.customer.find.enabled).toBe(true);
    expect(after.permissions['api::receivable'].controllers.receivable.find.enabled).toBe(false);
    expect(Number(await markedEntries())).toBe(0);
    expect((await ownHistory('role', role.documentId)).map((e) => e.action)).toEqual(['create']);
  });
});

describe('a write that fails after entries were written', () => {
  it("an order's delete refused by the database after its items went: 500, order and items kept, no delete entry", async () => {
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const conc = await me('concessionaria');
    const made = await call('despachante', 'POST', '/sales-orders', {
      data: { billing_date: new Date().toISOString(), vehicle_price: 1000, customer_id: customer.id, user_company_id: conc.id },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const order = made.body.data;
    const item = await call('admin', 'POST', '/sales-order-items', { data: { sales_order: order.id, name: `Item ${uniq()}`, price: 10, quantity: 1 } });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    await testDbExec(blockOrderDelete(order.documentId));
    try {
      expect((await call('despachante', 'DELETE', `/sales-orders/${order.documentId}`)).status).toBe(500);
    } finally {
      await testDbExec({
        sqlite: 'DROP TRIGGER IF EXISTS test_block_order_delete;',
        postgres: 'DROP TRIGGER IF EXISTS test_block_order_delete ON sales_orders; DROP FUNCTION IF EXISTS test_block_order_delete();',
      });
    }
    expect((await call('admin', 'GET', `/sales-orders/${order.documentId}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/sales-order-items/${item.body.data.documentId}`)).status).toBe(200);
    expect((await ownHistory('sales-order-item', item.body.data.documentId)).map((e) => e.action)).toEqual(['create']);
    expect((await ownHistory('sales-order', order.documentId)).some((e) => e.action === 'delete')).toBe(false);
  });
});
