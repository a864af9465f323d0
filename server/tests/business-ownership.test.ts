import { describe, expect, it } from 'vitest';
import { call, foreignOrder, get, me } from './helpers/business';
import { uniqueCpf } from './helpers/users';

/**
 * Who may edit a shared customer, orders
 * only between parties with an agreement, and what deleting an order does to its receivables.
 */

const newCustomer = async (who: 'despachante' | 'admin') => {
  const res = await call(who, 'POST', '/customers', { data: { name: 'Cliente Próprio', cpf_cnpj: uniqueCpf() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};

const orderBody = (extra: Record<string, unknown>) => ({ data: { billing_date: new Date().toISOString(), vehicle_price: 1000, ...extra } });

/** A dealership login the seeded despachante has no agreement with. */
async function dealershipWithoutAgreement(): Promise<number> {
  const desp = await me('despachante');
  const agreements = await get('admin', `/company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]=${desp.id}&pagination[pageSize]=100`);
  const linked = new Set(agreements.data.map((a: any) => a.user_company_id?.id));
  const dealerships = await get('admin', '/users?filters[type][$eq]=company&pagination[pageSize]=100');
  const free = dealerships.data.find((u: any) => !linked.has(u.id));
  expect(free, 'the seed has a dealership without an agreement with the despachante').toBeTruthy();
  return free.id;
}

describe('customers are shared: a despachante edits only customers no other party’s order uses', () => {
  it('refuses a customer used by another dispatcher’s order (403) and changes nothing', async () => {
    const foreign = await foreignOrder();
    const customer = foreign.customer_id;
    expect(customer, 'the foreign order has a customer').toBeTruthy();
    const res = await call('despachante', 'PUT', `/customers/${customer.documentId}`, { data: { name: 'Nome Trocado' } });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.message).toMatch(/outra empresa/);
    expect((await get('admin', `/customers/${customer.documentId}`)).data.name).toBe(customer.name);
    // an administrator may
    const admin = await call('admin', 'PUT', `/customers/${customer.documentId}`, { data: { name: customer.name } });
    expect(admin.status).toBe(200);
  });

  it('lets the despachante edit a customer without orders and one used only by its own orders', async () => {
    const fresh = await newCustomer('despachante');
    expect((await call('despachante', 'PUT', `/customers/${fresh.documentId}`, { data: { name: 'Nome Corrigido' } })).status).toBe(200);
    const conc = await me('concessionaria');
    const order = await call('despachante', 'POST', '/sales-orders', orderBody({ customer_id: fresh.id, user_company_id: conc.id }));
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const edit = await call('despachante', 'PUT', `/customers/${fresh.documentId}`, { data: { phone_number: '11999990000' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await call('despachante', 'PUT', '/customers/zzzzzzzzzzzzzzzzzzzzzzzz', { data: { name: 'X Y' } })).status).toBe(404);
  });
});

describe('orders only between a dealership and a dispatcher with an agreement', () => {
  it('refuses a despachante’s order for a dealership it has no agreement with (400), on create and on update', async () => {
    const stranger = await dealershipWithoutAgreement();
    const refused = await call('despachante', 'POST', '/sales-orders', orderBody({ user_company_id: stranger }));
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.message).toMatch(/vínculo/);

    const conc = await me('concessionaria');
    const ok = await call('despachante', 'POST', '/sales-orders', orderBody({ user_company_id: conc.id }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const moved = await call('despachante', 'PUT', `/sales-orders/${ok.body.data.documentId}`, { data: { user_company_id: stranger } });
    expect(moved.status).toBe(400);
    const after = await get('admin', `/sales-orders/${ok.body.data.documentId}?populate=user_company_id`);
    expect(after.data.user_company_id.id).toBe(conc.id);
  });

  it('refuses a dealership’s order naming a dispatcher it has no agreement with; no dispatcher is fine', async () => {
    const conc = await me('concessionaria');
    const agreements = await get('admin', `/company-agreements?populate=*&filters[user_company_id][id][$eq]=${conc.id}&pagination[pageSize]=100`);
    const linked = new Set(agreements.data.map((a: any) => a.user_dispatcher_id?.id));
    const dispatchers = await get('admin', '/users?filters[type][$eq]=dispatcher&pagination[pageSize]=100');
    const stranger = dispatchers.data.find((u: any) => !linked.has(u.id));
    expect(stranger).toBeTruthy();
    expect((await call('concessionaria', 'POST', '/sales-orders', orderBody({ user_dispatcher_id: stranger.id }))).status).toBe(400);
    expect((await call('concessionaria', 'POST', '/sales-orders', orderBody({ user_dispatcher_id: null }))).status).toBe(201);
  });

  it('holds for administrators too (create the agreement first)', async () => {
    const stranger = await dealershipWithoutAgreement();
    const desp = await me('despachante');
    expect((await call('admin', 'POST', '/sales-orders', orderBody({ user_company_id: stranger, user_dispatcher_id: desp.id }))).status).toBe(400);
  });
});

describe('deleting an order and its receivables', () => {
  async function orderWithPayments() {
    const conc = await me('concessionaria');
    const order = (await call('despachante', 'POST', '/sales-orders', orderBody({ user_company_id: conc.id }))).body.data;
    const pay = async () => {
      const res = await call('despachante', 'POST', '/receivables', {
        data: { sales_order: order.id, amount_original: 10, payment_date: new Date().toISOString(), custom_document_id: `DEL-${order.id}-${Math.random()}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data;
    };
    return { order, pending: await pay(), other: await pay() };
  }

  it('refuses (409) while a receivable is paid, and deletes nothing', async () => {
    const { order, pending, other } = await orderWithPayments();
    expect((await call('despachante', 'POST', `/receivables/confirm/${other.documentId}`)).status).toBe(200);
    const res = await call('despachante', 'DELETE', `/sales-orders/${order.documentId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toMatch(/estorne/);
    expect(res.body.error.details.paid).toEqual([other.documentId]);
    expect((await call('admin', 'GET', `/sales-orders/${order.documentId}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/receivables/${pending.documentId}`)).status).toBe(200);
  });

  it('deletes pending and reversed receivables with the order (none left pointing at nothing)', async () => {
    const { order, pending, other } = await orderWithPayments();
    expect((await call('despachante', 'POST', `/receivables/confirm/${other.documentId}`)).status).toBe(200);
    expect((await call('despachante', 'POST', `/receivables/undo/${other.documentId}`)).status).toBe(200);
    expect((await call('despachante', 'DELETE', `/sales-orders/${order.documentId}`)).status).toBe(204);
    for (const r of [pending, other]) expect((await call('admin', 'GET', `/receivables/${r.documentId}`)).status).toBe(404);
    const orphans = await get('admin', `/receivables?filters[pedido_id][$eq]=${order.id}`);
    expect(orphans.meta.pagination.total).toBe(0);
  });
});
