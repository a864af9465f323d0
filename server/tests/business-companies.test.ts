import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { expectEvery } from './helpers/expect';
import { call, get, me } from './helpers/business';

/** A valid CNPJ from a 12-digit base. */
function cnpj(base: number) {
  const d = String(base).padStart(12, '0').split('').map(Number);
  for (const w of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const r = w.reduce((a, x, i) => a + x * d[i], 0) % 11;
    d.push(r < 2 ? 0 : 11 - r);
  }
  return d.join('');
}
const randomCnpj = () => cnpj(100000000000 + Math.floor(Math.random() * 8e11));
const sp = async () => (await get('admin', '/states?filters[abbreviation][$eq]=SP')).data[0];

describe('dealerships (spec 001 §5 "Company form", §7 "Companies")', () => {
  it('lists with the spec filters and populate, creates and edits with the dealership rules', async () => {
    const list = await get(
      'despachante',
      '/companies?populate[0]=address_state_id&filters[trade_name][$containsi]=veículos&filters[is_active][$eq]=true&pagination[page]=1&pagination[pageSize]=10',
    );
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data[0].address_state_id).toHaveProperty('abbreviation');
    const state = await sp();
    const doc = randomCnpj();
    const masked = `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`;
    const created = await call('admin', 'POST', '/companies?populate[0]=address_state_id', {
      data: {
        trade_name: 'Loja Teste',
        legal_name: 'Loja Teste Ltda',
        cnpj: masked,
        email: 'loja@teste.com.br',
        phone_number: '(11) 98765-4321',
        address_postal_code: '01310-100',
        address_state_id: state.id,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ cnpj: doc, phone_number: '11987654321', address_postal_code: '01310100', type: 'company', is_active: true });
    expect(created.body.data.address_state_id.abbreviation).toBe('SP');
    const id = created.body.data.documentId;
    const cases: Array<[any, string]> = [
      [{ cnpj: '11222333000182' }, 'CNPJ inválido'],
      [{ cnpj: '' }, 'CNPJ é obrigatório'],
      [{ address_postal_code: '0131010' }, 'CEP inválido'],
      [{ phone_number: '119876' }, 'Telefone inválido'],
      [{ trade_name: 'A' }, 'Nome fantasia é obrigatório'],
      [{ email: 'nao-e-email' }, 'Email inválido'],
      [{ address_state_id: null }, 'Estado é obrigatório'],
      [{ legal_name: 'x'.repeat(151) }, 'Razão social deve ter no máximo 150 caracteres'],
    ];
    for (const [data, message] of cases) {
      const res = await call('admin', 'PUT', `/companies/${id}`, { data });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const alnum = await call('admin', 'PUT', `/companies/${id}`, { data: { cnpj: '12.ABC.345/01DE-35' } });
    expect(alnum.status).toBe(200);
    expect(alnum.body.data.cnpj).toBe('12ABC34501DE35');
    const noState = await call('admin', 'POST', '/companies', { data: { trade_name: 'Sem UF', cnpj: randomCnpj() } });
    expect(noState.body.error.message).toBe('Estado é obrigatório');
    expect((await call('concessionaria', 'DELETE', `/companies/${id}`)).status).toBe(403);
    expect((await call('admin', 'DELETE', `/companies/${id}`)).status).toBe(204);
  });

  it('a dealership edits only its own record and cannot change its owner or type', async () => {
    const conc = await me('concessionaria');
    const own = (await get('admin', `/companies?filters[user_id][id][$eq]=${conc.id}`)).data[0];
    const other = (await get('admin', `/companies?filters[type][$eq]=company&filters[user_id][id][$ne]=${conc.id}`)).data[0];
    const ok = await call('concessionaria', 'PUT', `/companies/${own.documentId}?populate=user_id`, {
      data: { address_city: 'São Paulo', type: 'dispatcher' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.type).toBe('company');
    expect(ok.body.data.user_id.id).toBe(conc.id);
    expect((await call('concessionaria', 'PUT', `/companies/${other.documentId}`, { data: { address_city: 'X' } })).status).toBe(404);
    const seen = await get('concessionaria', '/companies?pagination[pageSize]=100');
    expect(seen.data.length).toBeGreaterThan(0);
    expectEvery(seen.data, (c: any) => c.type === 'company');
  });
});

describe('dispatchers (spec 001 §7 "Dispatchers")', () => {
  it('createDispatcher makes the login user and the company in one go (username = CNPJ, placeholder e-mail); deleteDispatcher removes both', async () => {
    const state = await sp();
    const doc = randomCnpj();
    const res = await call('admin', 'POST', '/companies/createDispatcher', {
      data: {
        trade_name: 'Despachante Teste',
        legal_name: 'Teste Documentação Ltda',
        cnpj: doc,
        type: 'dispacher',
        address_state_id: { connect: [{ id: state.id }] },
        address_postal_code: '1234567890',
        phone_number: '+55 11 4000-0000 r1',
      },
    });
    expect(res.status).toBe(201);
    const company = res.body.data;
    expect(company).toMatchObject({ type: 'dispatcher', cnpj: doc });
    expect(company.user_id).toMatchObject({ username: doc, type: 'dispatcher', email: `${doc}@despachante.balcao.local` });
    expect(company.user_id.email.split('@')[0]).toBe(company.user_id.username);
    expect(company.address_state_id.id).toBe(state.id);
    const again = await call('admin', 'POST', '/companies/createDispatcher', { data: { trade_name: 'Outro', cnpj: doc, address_state_id: state.id } });
    expect(again.status).toBe(409);
    const list = await get(
      'admin',
      '/companies?filters[type][$in][0]=dispatcher&fields[0]=trade_name&fields[1]=legal_name&fields[2]=cnpj&pagination[pageSize]=100',
    );
    expect(list.data.some((c: any) => c.cnpj === doc)).toBe(true);
    const byDoc = await get('admin', `/companies?filters[documentId][$eq]=${company.documentId}&populate=*`);
    expect(byDoc.data[0].user_id.id).toBe(company.user_id.id);
    expect(
      (await call('despachante', 'POST', '/companies/createDispatcher', { data: { trade_name: 'X', cnpj: randomCnpj(), address_state_id: state.id } })).status,
    ).toBe(403);
    const notDispatcher = (await get('admin', '/companies?filters[type][$eq]=company')).data[0];
    const refused = await call('admin', 'DELETE', `/companies/deleteDispatcher/${notDispatcher.documentId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Registro encontrado não é um despachante.');
    expect((await call('admin', 'DELETE', `/companies/deleteDispatcher/${company.id}`)).status).toBe(204);
    expect((await call('admin', 'GET', `/companies/${company.documentId}`)).status).toBe(404);
    expect((await call('admin', 'GET', `/users/${company.user_id.id}`)).status).toBe(404);
    expect((await call('admin', 'DELETE', `/companies/deleteDispatcher/${company.id}`)).status).toBe(404);
  });

  it('updateCompanies links dealerships with incentives (wrapped or not) and agreements answer the spec filters', async () => {
    const state = await sp();
    const disp = (
      await call('admin', 'POST', '/companies/createDispatcher', {
        data: { trade_name: 'Despachante Vínculos', cnpj: randomCnpj(), address_state_id: state.id },
      })
    ).body.data;
    const dealers = (await get('admin', '/companies?filters[type][$eq]=company&populate=user_id&pagination[pageSize]=3')).data;
    const first = await call('admin', 'PUT', `/companies/${disp.documentId}/updateCompanies`, {
      data: {
        companies: [{ id: dealers[0].id }, { id: dealers[1].documentId, incentivoDespachante: 3 }],
        incentivoDespachante: 10,
        incentivoConcessionaria: 5.5,
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ created: 2, updated: 0 });
    const again = await call('admin', 'PUT', `/companies/${disp.id}/updateCompanies`, {
      companies: [{ id: dealers[0].id }],
      incentivoDespachante: 12,
      incentivoConcessionaria: 6,
    });
    expect(again.body.meta).toEqual({ created: 0, updated: 1 });
    const agreements = await get('admin', `/company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]=${disp.user_id.id}`);
    expect(agreements.data).toHaveLength(2);
    const a0 = agreements.data.find((a: any) => a.user_company_id.id === dealers[0].user_id.id);
    expect(a0).toMatchObject({ dispatcher_profit_percentage: 12, company_profit_percentage: 6 });
    const a1 = agreements.data.find((a: any) => a.user_company_id.id === dealers[1].user_id.id);
    expect(a1).toMatchObject({ dispatcher_profit_percentage: 3, company_profit_percentage: 5.5 });
    const pair = await get(
      'admin',
      `/company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]=${disp.user_id.id}&filters[user_company_id][id][$eq]=${dealers[1].user_id.id}`,
    );
    expect(pair.data).toHaveLength(1);
    for (const [body, message] of [
      [{ data: { companies: [] } }, 'Selecione uma concessionária para vincular!'],
      [{ data: { companies: [{ id: disp.id }] } }, 'Concessionária selecionada é inválida. Selecione uma opção válida.'],
      [{ data: { companies: [{ id: dealers[0].id }], incentivoDespachante: 101 } }, 'Incentivo deve estar entre 0 e 100'],
      [{ data: { companies: 'x' } }, 'Selecione uma concessionária para vincular!'],
    ] as const) {
      const res = await call('admin', 'PUT', `/companies/${disp.documentId}/updateCompanies`, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    // agreements CRUD: update the two percentages, one per pair, delete
    const upd = await call('admin', 'PUT', `/company-agreements/${a1.documentId}`, {
      data: { dispatcher_profit_percentage: 7.25, company_profit_percentage: 0 },
    });
    expect(upd.body.data).toMatchObject({ dispatcher_profit_percentage: 7.25, company_profit_percentage: 0 });
    const dup = await call('admin', 'POST', '/company-agreements', { data: { user_dispatcher_id: disp.user_id.id, user_company_id: dealers[1].user_id.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.details.documentId).toBe(a1.documentId);
    const bad = await call('admin', 'POST', '/company-agreements', {
      data: { user_dispatcher_id: dealers[2].user_id.id, user_company_id: dealers[1].user_id.id },
    });
    expect(bad.body.error.message).toBe('ID do despachante inválido!');
    const pct = await call('admin', 'POST', '/company-agreements', {
      data: { user_dispatcher_id: disp.user_id.id, user_company_id: dealers[2].user_id.id, company_profit_percentage: -1 },
    });
    expect(pct.status).toBe(400);
    const created = await call('admin', 'POST', '/company-agreements', {
      data: { user_dispatcher_id: disp.user_id.id, user_company_id: dealers[2].user_id.id },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ dispatcher_profit_percentage: 0, company_profit_percentage: 0 });
    expect((await call('admin', 'DELETE', `/company-agreements/${created.body.data.documentId}`)).status).toBe(204);
    await call('admin', 'DELETE', `/companies/deleteDispatcher/${disp.documentId}`);
    expect((await get('admin', `/company-agreements?filters[user_dispatcher_id][id][$eq]=${disp.user_id.id}`)).data).toHaveLength(0);
  });

  it('agreements are scoped: the dispatcher and the dealership see theirs, the salesman none', async () => {
    const desp = await me('despachante');
    const conc = await me('concessionaria');
    const d = await get('despachante', '/company-agreements?populate=*&pagination[pageSize]=100');
    expect(d.data.length).toBeGreaterThan(0);
    expectEvery(d.data, (a: any) => a.user_dispatcher_id.id === desp.id);
    const c = await get('concessionaria', '/company-agreements?populate=*&pagination[pageSize]=100');
    expect(c.data.length).toBeGreaterThan(0);
    expectEvery(c.data, (a: any) => a.user_company_id.id === conc.id);
    const foreign = (await get('admin', `/company-agreements?filters[user_dispatcher_id][id][$ne]=${desp.id}`)).data[0];
    expect((await call('despachante', 'GET', `/company-agreements/${foreign.documentId}`)).status).toBe(404);
    expect((await call('vendedor', 'GET', '/company-agreements')).status).toBe(403);
  });
});

describe('company custom actions (spec 000 §6) scoped to the caller’s own company', () => {
  it('users, notifications, payment methods, vehicle types, simulation and orders of my company', async () => {
    const token = await login('concessionaria');
    const conc = await me('concessionaria');
    const vend = await me('vendedor');
    const users = await get('concessionaria', '/companies/me/users');
    expect(users.data.map((u: any) => u.id).sort()).toEqual([conc.id, vend.id].sort());
    expect(users.data[0]).not.toHaveProperty('password');
    const unread = await get('concessionaria', '/companies/me/notifications/unread');
    expect(unread.meta.count).toBeGreaterThan(0);
    const n = unread.data[0];
    const read = await api('PUT', `/companies/me/notifications/${n.documentId}/read`, { token, body: { data: { read: true } } });
    expect(read.status).toBe(200);
    expect(read.body.data.read).toBe(true);
    expect((await get('concessionaria', '/companies/me/notifications/unread')).meta.count).toBe(unread.meta.count - 1);
    const all = await get('concessionaria', '/companies/me/notifications?pagination[pageSize]=2');
    expect(all.meta.pagination.pageSize).toBe(2);
    const desp = await me('despachante');
    const someoneElses = (await get('admin', `/notifications?filters[user][id][$ne]=${conc.id}`)).data[0];
    expect((await api('PUT', `/companies/me/notifications/${someoneElses.id}/read`, { token, body: {} })).status).toBe(404);
    const pms = await get('concessionaria', '/companies/me/payment-methods');
    expect(pms.data.length).toBeGreaterThan(0);
    expectEvery(pms.data, (p: any) => p.is_active);
    const vts = await get('concessionaria', '/companies/me/vehicle-types');
    expect(vts.data.length).toBeGreaterThan(0);
    expectEvery(vts.data, (v: any) => v.is_active);
    const state = await sp();
    const car = vts.data.find((v: any) => v.name === 'Automóvel');
    const sim = await get('concessionaria', `/companies/me/sales-items-simulation?vehicle_type_id=${car.id}&state_id=${state.id}&vehicle_price=100000`);
    expect(sim.data.items.length).toBeGreaterThan(0);
    const ipva = sim.data.items.find((i: any) => i.sales_item.name === 'IPVA');
    expect(ipva.price).toBe(4000);
    expect(sim.data.totals.price).toBeCloseTo(
      sim.data.items.reduce((a: number, i: any) => a + i.price, 0),
      2,
    );
    expect((await call('concessionaria', 'GET', '/companies/me/sales-items-simulation')).status).toBe(400);

    const customer = (await get('concessionaria', '/customers?pagination[pageSize]=1')).data[0];
    const lines = sim.data.items.slice(0, 2).map((i: any) => ({ sales_item: i.sales_item.id }));
    const created = await api('POST', '/companies/me/orders', {
      token,
      body: { data: { customer_id: customer.id, vehicle_type_id: car.id, user_dispatcher_id: desp.id, vehicle_price: 100000, items: lines } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.items).toHaveLength(2);
    expect(created.body.data.original_amount).toBeCloseTo(sim.data.items[0].price + sim.data.items[1].price, 2);
    expect(created.body.data.user_company_id.id).toBe(conc.id);
    const orders = await get('concessionaria', '/companies/me/orders?pagination[pageSize]=5&sort[0]=id:desc');
    expect(orders.data[0].documentId).toBe(created.body.data.documentId);
    const one = await get('concessionaria', `/companies/me/orders/${created.body.data.documentId}`);
    expect(one.data.items).toHaveLength(2);
    const foreign = (await get('admin', `/sales-orders?filters[user_company_id][id][$ne]=${conc.id}`)).data[0];
    expect((await call('concessionaria', 'GET', `/companies/me/orders/${foreign.documentId}`)).status).toBe(404);
    const badLine = await api('POST', '/companies/me/orders', { token, body: { data: { items: [{ sales_item: 99999999 }] } } });
    expect(badLine.status).toBe(400);
    expect((await call('admin', 'GET', '/companies/me/users')).status).toBe(404);
    // deleting an order deletes its lines too
    expect((await call('admin', 'DELETE', `/sales-orders/${created.body.data.documentId}`)).status).toBe(204);
    for (const line of created.body.data.items) expect((await call('admin', 'GET', `/sales-order-items/${line.documentId}`)).status).toBe(404);
  });
});
