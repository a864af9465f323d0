import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { anOrder, get } from './helpers/business';

/**
 * Bad-input sweep over the business endpoints: malformed query
 * strings, unknown fields, wrong types, 100 kB strings, negative amounts and NaN must answer 4xx
 * with a readable message, never 5xx, and never write a row.
 */
const HUGE = 'x'.repeat(100 * 1024);

describe('business bad-input sweep', () => {
  it('no 5xx and no partial write for junk on every business endpoint', async () => {
    const token = await login('admin');
    const order = await anOrder('admin');
    const rec = (await get('admin', '/receivables?pagination[pageSize]=1')).data[0];
    const company = (await get('admin', '/companies?pagination[pageSize]=1')).data[0];
    const counts = async () =>
      Promise.all(
        [
          '/sales-orders',
          '/receivables',
          '/customers',
          '/companies',
          '/company-agreements',
          '/sales-items',
          '/sales-order-documents',
          '/payment-methods',
          '/vehicle-types',
        ].map(async (p) => (await get('admin', `${p}?pagination[pageSize]=1`)).meta.pagination.total),
      );
    const before = await counts();

    const queries = [
      '/sales-orders?filters[status_in][$nope]=1',
      '/sales-orders?filters[unknown][$eq]=1',
      '/sales-orders?sort[0]=nope:asc',
      '/sales-orders?sort=billing_date:sideways',
      '/sales-orders?pagination[page]=-1',
      '/sales-orders?pagination[pageSize]=abc',
      '/sales-orders?populate[nope]=*',
      '/sales-orders?fields[0]=password',
      '/sales-orders?filters[$or]=x',
      '/sales-orders?filters=%ZZ',
      '/sales-orders?filters[user_company_id][password][$eq]=x',
      '/sales-orders?filters[id][$eq][$eq]=1',
      `/sales-orders?filters[documentId][$containsi]=${'a'.repeat(5000)}`,
      '/receivables?filters[pedido_id][$eq]=abc',
      '/receivables?filters[amount_original][$eq]=NaN',
      '/receivables?filters[payment_date][$gte]=not-a-date',
      '/receivables?filters[$and][0][$or][0][$not][x]=1',
      '/receivables?unknownParam=1',
      '/receivables/%00',
      '/receivables/confirm/abc',
      '/customers/cpf-cnpj/abc',
      '/customers/cpf-cnpj/' + '9'.repeat(300),
      '/companies/me/orders?filters[nope][$eq]=1',
      '/companies/me/sales-items-simulation?vehicle_type_id[$gt]=1&state_id=x',
      '/companies?filters[cnpj][$containsi][0]=a&filters[cnpj][$containsi][1]=b',
      '/sales-order-documents?filters[sales_order][id][$eq]=1&_t[x]=1',
      '/sales-items?filters[price][$lt]=-Infinity',
      '/company-agreements?filters[user_dispatcher_id][$eq]={"a":1}',
    ];
    const fivexx: string[] = [];
    for (const q of queries) {
      const res = await api('GET', q, { token });
      if (res.status >= 500) fivexx.push(`${res.status} ${q}`);
    }
    expect(fivexx).toEqual([]);

    const bodies: Array<[string, string, unknown]> = [
      ['POST', '/sales-orders', { data: { billing_date: 'ontem' } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), vehicle_price: -10 } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), vehicle_price: 'NaN' } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), sales_type: HUGE } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), nope: 1 } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), customer_id: 99999999 } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), user_company_id: { connect: [{ id: 'x' }] } } }],
      ['POST', '/sales-orders', { data: { billing_date: new Date().toISOString(), is_vehicle_financed: 'talvez' } }],
      ['POST', '/sales-orders', { data: [1, 2] }],
      ['POST', '/sales-orders', { nodata: true }],
      ['POST', '/sales-orders', '{"data": {'],
      ['PUT', `/sales-orders/${order.documentId}`, { data: { current_amount: -0.01 } }],
      ['PUT', `/sales-orders/${order.documentId}`, { data: { billing_date: null } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 'abc' } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: -1 } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 1e12 } }],
      ['POST', '/receivables', { data: { pedido_id: 'x', amount_original: 10 } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 10, document_number: HUGE } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 10, installments: -3 } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 10, payment_date: 'amanhã' } }],
      ['POST', '/receivables', { data: { pedido_id: order.id, amount_original: 10, custom_document_id: { $ne: null } } }],
      ['PUT', `/receivables/${rec.documentId}`, { data: { status_in: 'paid', amount_final: -5 } }],
      ['POST', '/customers', { data: { name: HUGE, cpf_cnpj: '52998224725' } }],
      ['POST', '/customers', { data: { name: ['a'], cpf_cnpj: 52998224725 } }],
      ['POST', '/companies', { data: { trade_name: 'Loja', cnpj: { x: 1 }, address_state_id: 1 } }],
      ['PUT', `/companies/${company.documentId}`, { data: { phone_number: HUGE } }],
      ['POST', '/companies/createDispatcher', { data: { trade_name: 'X' } }],
      ['POST', '/companies/createDispatcher', 'not json'],
      ['PUT', `/companies/${company.documentId}/updateCompanies`, { data: { companies: [{ id: 'abc' }] } }],
      ['POST', '/company-agreements', { data: { user_dispatcher_id: 'x', user_company_id: null, dispatcher_profit_percentage: 'NaN' } }],
      ['POST', '/sales-items', { data: { name: 'X', price: 'NaN', vehicle_type_id: 1, state_id: 1 } }],
      [
        'POST',
        '/sales-items',
        { data: { name: 'X', price: 10, vehicle_documentation_company_amount: -10, vehicle_sales_company_amount: 20, vehicle_type_id: 1, state_id: 1 } },
      ],
      ['POST', '/sales-items', { data: { name: 'X', price: 1, billing_type: 'free', vehicle_type_id: 1, state_id: 1 } }],
      ['POST', '/payment-methods', { data: { name: 'X1', max_installments: 2.5 } }],
      ['POST', '/vehicle-types', { data: { name: 'Carro', is_active: 'sim' } }],
      ['POST', '/sales-order-documents', { data: { sales_order: 'x', document_type: [], content: {} } }],
      ['POST', '/companies/me/orders', { data: { items: 'tudo' } }],
      ['PUT', '/companies/me/notifications/1/read', { data: { read: 'sim' } }],
    ];
    const wrong: string[] = [];
    for (const [method, path, body] of bodies) {
      const res = await api(method, path, { token, body });
      if (res.status < 400 || res.status >= 500 || typeof res.body?.error?.message !== 'string') {
        wrong.push(`${res.status} ${method} ${path} ${JSON.stringify(body).slice(0, 100)} → ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
