import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { expectEvery } from './helpers/expect';
import { call, get, uniq } from './helpers/business';
import { cpf } from './helpers/scope';

describe('customers (spec 001 §5, §7)', () => {
  it('lists with contains filters and pagination, CRUD by documentId, finds by CPF/CNPJ', async () => {
    const list = await get('admin', '/customers?filters[name][$containsi]=a&pagination[page]=2&pagination[pageSize]=5&sort[0]=name:asc');
    expect(list.meta.pagination).toMatchObject({ page: 2, pageSize: 5 });
    expect(list.data.length).toBeLessThanOrEqual(5);
    const doc = cpf(900000000 + Math.floor(Math.random() * 99999));
    const created = await call('despachante', 'POST', '/customers', {
      data: { name: 'Cliente Teste', cpf_cnpj: `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`, email: null },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.cpf_cnpj).toBe(doc);
    const id = created.body.data.documentId;
    const byDoc = await get('vendedor', `/customers/cpf-cnpj/${doc}`);
    expect(byDoc.data.documentId).toBe(id);
    expect((await call('vendedor', 'GET', '/customers/cpf-cnpj/52998224799')).status).toBe(404);
    const dup = await call('admin', 'POST', '/customers', { data: { name: 'Outro', cpf_cnpj: doc } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('CPF/CNPJ já cadastrado');
    const upd = await call('admin', 'PUT', `/customers/${id}`, { data: { phone_number: '11999990000' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.phone_number).toBe('11999990000');
    expect((await call('admin', 'DELETE', `/customers/${id}`)).status).toBe(204);
    expect((await call('admin', 'GET', `/customers/${id}`)).status).toBe(404);
  });

  it('refuses short names, bad check digits and bad e-mails with the spec messages', async () => {
    const cases: Array<[any, string]> = [
      [{ name: 'A', cpf_cnpj: cpf(123456780) }, 'Nome é obrigatório'],
      [{ name: 'Fulano', cpf_cnpj: '123' }, 'CPF/CNPJ é obrigatório'],
      [{ name: 'Fulano', cpf_cnpj: '52998224726' }, 'CPF inválido'],
      [{ name: 'Fulano', cpf_cnpj: '11222333000182' }, 'CNPJ inválido'],
      [{ name: 'Fulano', cpf_cnpj: cpf(123456781), email: 'x@' }, 'Email inválido'],
    ];
    for (const [data, message] of cases) {
      const res = await call('admin', 'POST', '/customers', { data });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
  });
});

describe('vehicle types and payment methods', () => {
  it('CRUD with filters, defaults and the spec limits', async () => {
    const token = await login('admin');
    const vt = await api('POST', '/vehicle-types', { token, body: { data: { name: `Quadriciclo ${uniq()}` } } });
    expect(vt.status).toBe(201);
    expect(vt.body.data.is_active).toBe(true);
    const found = await get('despachante', `/vehicle-types?filters[name][$containsi]=quadriciclo&filters[is_active][$eq]=true&pagination[pageSize]=100`);
    expect(found.data.some((v: any) => v.documentId === vt.body.data.documentId)).toBe(true);
    const long = await api('PUT', `/vehicle-types/${vt.body.data.documentId}`, { token, body: { data: { name: 'x'.repeat(151) } } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Nome não pode exceder 150 caracteres');
    const desc = await api('PUT', `/vehicle-types/${vt.body.data.documentId}`, { token, body: { data: { description: 'd'.repeat(501) } } });
    expect(desc.body.error.message).toBe('Descrição não pode exceder 500 caracteres');
    expect((await api('DELETE', `/vehicle-types/${vt.body.data.documentId}`, { token })).status).toBe(204);

    const select = await get('vendedor', '/payment-methods?fields=name&pagination[page]=1&pagination[pageSize]=100');
    expect(select.data[0]).toHaveProperty('id');
    expect(select.data[0]).toHaveProperty('name');
    const pm = await api('POST', '/payment-methods', { token, body: { data: { name: 'Carnê', max_installments: -1 } } });
    expect(pm.status).toBe(400);
    expect(pm.body.error.message).toBe('Número de parcelas não pode ser negativo');
    const tax = await api('POST', '/payment-methods', { token, body: { data: { name: 'Carnê', interest_tax: -0.5 } } });
    expect(tax.body.error.message).toBe('Taxa de juros não pode ser negativa');
    const ok = await api('POST', '/payment-methods', { token, body: { data: { name: `Carnê ${uniq()}`, max_installments: 6, interest_tax: 1.99 } } });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ is_online_payment: true, is_active: true, max_installments: 6, interest_tax: 1.99 });
    expect((await call('despachante', 'POST', '/payment-methods', { data: { name: 'Proibido' } })).status).toBe(403);
  });
});

describe('sales items (spec 001 §5 sum rule)', () => {
  it('creates with populate, enforces the 0.01 sum rule on create and update, required relations', async () => {
    const token = await login('admin');
    const types = await get('admin', '/vehicle-types?pagination[pageSize]=1');
    const states = await get('admin', '/states?filters[abbreviation][$eq]=SP');
    const base = { name: 'Segunda via de CRV', vehicle_type_id: types.data[0].id, state_id: states.data[0].id };
    const bad = await api('POST', '/sales-items', {
      token,
      body: { data: { ...base, price: 100, vehicle_documentation_company_amount: 50, vehicle_sales_company_amount: 30, platform_amount: 19.98 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('A soma dos valores (Despachante + Concessionária + Plataforma) deve ser igual ao preço');
    expect(bad.body.error.details.errors[0].path).toEqual(['price']);
    const ok = await api('POST', '/sales-items?populate=*', {
      token,
      body: { data: { ...base, price: 100, vehicle_documentation_company_amount: 50, vehicle_sales_company_amount: 30, platform_amount: 19.995 } },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.billing_type).toBe('fixed_value');
    const id = ok.body.data.documentId;
    const one = await get('despachante', `/sales-items/${id}?populate=*`);
    expect(one.data.vehicle_type_id.name).toBeTruthy();
    expect(one.data.state_id.abbreviation).toBe('SP');
    const upd = await api('PUT', `/sales-items/${id}`, { token, body: { data: { platform_amount: 25 } } });
    expect(upd.status).toBe(400);
    const priceOnly = await api('PUT', `/sales-items/${id}`, { token, body: { data: { price: 80 } } });
    expect(priceOnly.status).toBe(200);
    expect(priceOnly.body.data).toMatchObject({ price: 80, vehicle_documentation_company_amount: 80, vehicle_sales_company_amount: 0, platform_amount: 0 });
    const noType = await api('POST', '/sales-items', { token, body: { data: { name: 'Sem tipo', price: 0, state_id: states.data[0].id } } });
    expect(noType.body.error.message).toBe('Tipo de veículo é obrigatório');
    const noState = await api('POST', '/sales-items', { token, body: { data: { name: 'Sem UF', price: 0, vehicle_type_id: types.data[0].id } } });
    expect(noState.body.error.message).toBe('Estado é obrigatório');
    const neg = await api('POST', '/sales-items', { token, body: { data: { ...base, price: -1 } } });
    expect(neg.body.error.message).toBe('Preço não pode ser negativo');
    const unknown = await api('POST', '/sales-items', { token, body: { data: { ...base, price: 1, vehicle_documentation_company_amount: 1, bogus: 1 } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Invalid key/);
    const filtered = await get('admin', '/sales-items?populate=*&filters[billing_type][$eq]=percentage&filters[is_ipva][$eq]=true&sort[0]=price:desc');
    expect(filtered.data.length).toBeGreaterThan(0);
    expectEvery(filtered.data, (i: any) => i.billing_type === 'percentage' && i.is_ipva);
    expect((await api('DELETE', `/sales-items/${id}`, { token })).status).toBe(204);
  });
});
