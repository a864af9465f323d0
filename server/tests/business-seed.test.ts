import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';

describe('business demo seed', () => {
  it('fills lookups, companies, orders in every status and receivables in every status', async () => {
    const token = await login('admin');
    const vt = await api('GET', '/vehicle-types?pagination[pageSize]=100', { token });
    expect(vt.status).toBe(200);
    expect(vt.body.data.map((v: any) => v.name)).toContain('Automóvel');
    const pm = await api('GET', '/payment-methods?fields=name&pagination[page]=1&pagination[pageSize]=100', { token });
    expect(pm.body.data.map((v: any) => v.name)).toEqual(expect.arrayContaining(['PIX', 'Boleto bancário', 'Cartão de crédito']));
    const orders = await api('GET', '/sales-orders?populate=*&pagination[pageSize]=5', { token });
    expect(orders.status).toBe(200);
    expect(orders.body.meta.pagination.total).toBeGreaterThanOrEqual(300);
    for (const s of ['authorized', 'pending', 'denied', 'paid', 'reversed']) {
      const r = await api('GET', `/sales-orders?filters[status_in][$eq]=${s}&pagination[pageSize]=1`, { token });
      expect(r.body.meta.pagination.total, s).toBeGreaterThan(0);
    }
    for (const s of ['paid', 'pending', 'reversed']) {
      const r = await api('GET', `/receivables?filters[status_in][$eq]=${s}&pagination[pageSize]=1`, { token });
      expect(r.body.meta.pagination.total, s).toBeGreaterThan(0);
    }
    const docs = await api('GET', '/sales-order-documents?populate=*', { token });
    expect(docs.status).toBe(200);
    expect(docs.body.data.length).toBeGreaterThan(0);
    expect(docs.body.data[0].content.url).toMatch(/^\/uploads\//);
    const items = await api('GET', '/sales-items?populate=*&pagination[pageSize]=100', { token });
    for (const i of items.body.data) {
      const sum = i.vehicle_documentation_company_amount + i.vehicle_sales_company_amount + i.platform_amount;
      expect(Math.abs(sum - i.price)).toBeLessThanOrEqual(0.01);
    }
  });
});
