import { describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { expectEvery } from './helpers/expect';
import { anOrder, call, foreignOrder, get, me } from './helpers/business';

const LIST = '/sales-orders?populate=*';

describe('sales orders (spec 001 §7 "Sales orders")', () => {
  it('answers the list call with populate, filters, sort and pagination in the Strapi shape', async () => {
    const start = new Date(Date.now() - 90 * 86400000);
    start.setHours(0, 0, 0, 0);
    const end = new Date();
    end.setHours(23, 59, 59, 999);
    const q =
      `${LIST}&filters[status_in][$eq]=paid&filters[billing_date][$gte]=${start.toISOString()}&filters[billing_date][$lte]=${end.toISOString()}` +
      '&pagination[page]=1&pagination[pageSize]=5&sort[0]=billing_date:desc';
    const body = await get('admin', q);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 5 });
    expect(body.meta.pagination.pageCount).toBe(Math.ceil(body.meta.pagination.total / 5));
    expect(body.data.length).toBeGreaterThan(0);
    const dates = body.data.map((o: any) => o.billing_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const o of body.data) {
      expect(o.status_in).toBe('paid');
      expect(o.customer_id).toHaveProperty('cpf_cnpj');
      expect(o.user_company_id).toHaveProperty('name');
      expect(o.user_dispatcher_id).toHaveProperty('name');
      expect(o.vehicle_type_id).toHaveProperty('name');
      expect(o.vehicle_documentation_company_id).toHaveProperty('trade_name');
      expect(o.user_company_id).not.toHaveProperty('password');
    }
    const select = await get('despachante', '/sales-orders?fields[0]=id&fields[1]=documentId&pagination[pageSize]=100');
    expect(Object.keys(select.data[0]).sort()).toEqual(['documentId', 'id']);
  });

  it('free-text search ORs documentId, status, customer, seller, parties and numeric fields', async () => {
    const order = await anOrder('admin');
    const term = order.customer_id.name.split(' ')[0];
    const search = (t: string, numeric: boolean) => {
      const parts = [
        `filters[$or][0][documentId][$containsi]=${t}`,
        `filters[$or][1][status_in][$containsi]=${t}`,
        `filters[$or][2][customer_id][cpf_cnpj][$containsi]=${t}`,
        `filters[$or][3][customer_id][name][$containsi]=${t}`,
        `filters[$or][4][user_id][username][$containsi]=${t}`,
        `filters[$or][5][user_company_id][name][$containsi]=${t}`,
        `filters[$or][6][user_dispatcher_id][name][$containsi]=${t}`,
      ];
      if (numeric) parts.push(`filters[$or][7][id][$eq]=${t}`, `filters[$or][8][original_amount][$eq]=${t}`, `filters[$or][9][current_amount][$eq]=${t}`);
      return `${LIST}&${parts.join('&')}&pagination[pageSize]=100`;
    };
    const byName = await get('admin', search(encodeURIComponent(term), false));
    expect(byName.data.some((o: any) => o.documentId === order.documentId)).toBe(true);
    expectEvery(byName.data, (o: any) => JSON.stringify(o).toLowerCase().includes(term.toLowerCase()));
    const byId = await get('admin', search(String(order.id), true));
    expect(byId.data.some((o: any) => o.id === order.id)).toBe(true);
    const byCpf = await get('admin', `${LIST}&filters[customer_id][cpf_cnpj][$containsi]=${order.customer_id.cpf_cnpj.slice(0, 6)}`);
    expect(byCpf.data.length).toBeGreaterThan(0);
  });

  it('creates, reads by documentId, updates and deletes; unknown status is stored as pending; billing_date required', async () => {
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const vt = (await get('admin', '/vehicle-types?pagination[pageSize]=1')).data[0];
    const desp = await me('despachante');
    const conc = await me('concessionaria');
    const created = await call('admin', 'POST', '/sales-orders', {
      data: {
        status_in: 'whatever',
        billing_date: new Date().toISOString(),
        customer_id: customer.id,
        vehicle_type_id: vt.id,
        user_dispatcher_id: desp.id,
        user_company_id: conc.id,
        vehicle_price: 50000,
        original_amount: 900,
        current_amount: 850.5,
        is_vehicle_financed: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.status_in).toBe('pending');
    const id = created.body.data.documentId;
    const one = await get('despachante', `/sales-orders/${id}?populate=*`);
    expect(one.data).toMatchObject({ current_amount: 850.5, is_vehicle_financed: true, is_vehicle_special_plate: false });
    expect(one.data.vehicle_documentation_company_id.type).toBe('dispatcher');
    const upd = await call('despachante', 'PUT', `/sales-orders/${id}`, { data: { status_in: 'authorized', current_amount: 800 } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.status_in).toBe('authorized');
    const noDate = await call('admin', 'POST', '/sales-orders', { data: { status_in: 'pending' } });
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.message).toBe('Data de faturamento é obrigatória');
    const neg = await call('admin', 'PUT', `/sales-orders/${id}`, { data: { vehicle_price: -1 } });
    expect(neg.status).toBe(400);
    const wrongParty = await call('admin', 'PUT', `/sales-orders/${id}`, { data: { user_dispatcher_id: conc.id } });
    expect(wrongParty.status).toBe(400);
    expect(wrongParty.body.error.message).toMatch(/Despachante selecionado é inválido/);
    expect((await call('despachante', 'DELETE', `/sales-orders/${id}`)).status).toBe(204);
    expect((await call('admin', 'GET', `/sales-orders/${id}`)).status).toBe(404);
  });
});

describe('sales orders data scope', () => {
  it('a dispatcher sees only their orders; totals count only those; others are 404 on read, update and delete', async () => {
    const desp = await me('despachante');
    const all = await get('admin', '/sales-orders?pagination[pageSize]=1');
    const mine = await get('despachante', '/sales-orders?populate=user_dispatcher_id&pagination[pageSize]=100');
    expect(mine.meta.pagination.total).toBeLessThan(all.meta.pagination.total);
    expect(mine.data.length).toBeGreaterThan(0);
    expectEvery(mine.data, (o: any) => o.user_dispatcher_id?.id === desp.id);
    const adminCount = await get('admin', `/sales-orders?filters[user_dispatcher_id][id][$eq]=${desp.id}&pagination[pageSize]=1`);
    expect(mine.meta.pagination.total).toBe(adminCount.meta.pagination.total);
    const other = await foreignOrder();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { data: { current_amount: 1 } }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call('despachante', method, `/sales-orders/${other.documentId}`, body);
      expect(res.status, method).toBe(404);
    }
    // trying to widen the scope through filters still stays inside it
    const sneaky = await get(
      'despachante',
      `/sales-orders?filters[$or][0][user_dispatcher_id][id][$eq]=${other.user_dispatcher_id.id}&filters[$or][1][id][$gt]=0&pagination[pageSize]=1`,
    );
    expect(sneaky.meta.pagination.total).toBe(mine.meta.pagination.total);
  });

  it('a dispatcher creating an order is forced as its dispatcher; a dealership sees its orders; a salesman sells for himself', async () => {
    const desp = await me('despachante');
    const conc = await me('concessionaria');
    const vend = await me('vendedor');
    const someoneElse = (await foreignOrder()).user_dispatcher_id.id;
    const created = await call('despachante', 'POST', '/sales-orders?populate=*', {
      data: { billing_date: new Date().toISOString(), user_dispatcher_id: someoneElse, user_company_id: conc.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.user_dispatcher_id.id).toBe(desp.id);
    const concList = await get('concessionaria', '/sales-orders?populate=user_company_id&pagination[pageSize]=100');
    expectEvery(concList.data, (o: any) => o.user_company_id.id === conc.id);
    expect(concList.data.some((o: any) => o.documentId === created.body.data.documentId)).toBe(true);
    const sold = await call('vendedor', 'POST', '/sales-orders?populate=*', { data: { billing_date: new Date().toISOString(), user_id: desp.id } });
    expect(sold.status).toBe(201);
    expect(sold.body.data.user_id.id).toBe(vend.id);
    expect(sold.body.data.user_company_id.id).toBe(conc.id);
    const vendList = await get('vendedor', '/sales-orders?populate[0]=user_id&populate[1]=user_company_id&pagination[pageSize]=100');
    expect(vendList.data.length).toBeGreaterThan(0);
    expectEvery(vendList.data, (o: any) => o.user_id?.id === vend.id || o.user_company_id?.id === conc.id);
    expect((await call('vendedor', 'GET', `/sales-orders/${(await foreignOrder()).documentId}`)).status).toBe(404);
    expect((await call('concessionaria', 'DELETE', `/sales-orders/${created.body.data.documentId}`)).status).toBe(403);
    expect((await call('despachante', 'DELETE', `/sales-orders/${created.body.data.documentId}`)).status).toBe(204);
    expect((await api('GET', '/sales-orders')).status).toBe(403);
  });
});
