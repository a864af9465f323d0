import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { anOrder, foreignOrder, get } from './helpers/business';
import { createUser } from './helpers/users';

/**
 * Edits carry their version (utils/edit-version.ts): a save with `If-Match: "<updatedAt>"` of a record
 * changed since is a 409 with the current version, and changes nothing.
 */
const STALE = 'Este registro foi alterado por outra pessoa depois que você o abriu. Confira as mudanças antes de salvar.';
const ifMatch = (updatedAt: string) => ({ 'If-Match': `"${updatedAt}"` });

describe('a save on a changed record is refused with 409', () => {
  it('two clerks edit the same order: the second save, started from the old version, is refused and writes nothing', async () => {
    const admin = await login('admin');
    const order = await anOrder('admin');
    const v1 = order.updatedAt;
    const first = await api('PUT', `/sales-orders/${order.documentId}`, {
      token: admin,
      body: { data: { sales_type: 'Venda primeira' } },
      headers: ifMatch(v1),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const v2 = first.body.data.updatedAt;
    expect(v2).not.toBe(v1);
    const second = await api('PUT', `/sales-orders/${order.documentId}`, {
      token: admin,
      body: { data: { sales_type: 'Venda segunda' } },
      headers: ifMatch(v1),
    });
    expect({ status: second.status, message: second.body.error?.message, current: second.body.error?.details?.updatedAt }).toEqual({
      status: 409,
      message: STALE,
      current: v2,
    });
    expect((await get('admin', `/sales-orders/${order.documentId}`)).data.sales_type).toBe('Venda primeira');
    // the same save started from the current version goes through; by numeric id too
    const third = await api('PUT', `/sales-orders/${order.id}`, { token: admin, body: { data: { sales_type: 'Venda segunda' } }, headers: ifMatch(v2) });
    expect(third.status).toBe(200);
  });

  it('two saves of the same version at once: exactly one wins', async () => {
    const admin = await login('admin');
    const order = await anOrder('admin');
    const fresh = (await get('admin', `/sales-orders/${order.documentId}`)).data;
    const save = (model: string) =>
      api('PUT', `/sales-orders/${order.documentId}`, { token: admin, body: { data: { sales_type: model } }, headers: ifMatch(fresh.updatedAt) });
    const answers = await Promise.all([save('Corrida A'), save('Corrida B'), save('Corrida C')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('without If-Match a save goes through; a malformed one is a 400', async () => {
    const admin = await login('admin');
    const order = await anOrder('admin');
    expect((await api('PUT', `/sales-orders/${order.documentId}`, { token: admin, body: { data: { sales_type: 'Sem versão' } } })).status).toBe(200);
    const bad = await api('PUT', `/sales-orders/${order.documentId}`, {
      token: admin,
      body: { data: { sales_type: 'x' } },
      headers: { 'If-Match': 'ontem' },
    });
    expect(bad.status).toBe(400);
  });

  it('a record outside the caller’s scope stays a 404: its version is never shown', async () => {
    const theirs = await foreignOrder();
    const res = await api('PUT', `/sales-orders/${theirs.documentId}`, {
      token: await login('despachante'),
      body: { data: { sales_type: 'x' } },
      headers: ifMatch('2000-01-01T00:00:00.000Z'),
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(theirs.updatedAt);
  });

  it('customers, receivables, dealerships and users carry their version too', async () => {
    const admin = await login('admin');
    const customer = (await get('admin', '/customers?pagination[pageSize]=1')).data[0];
    const receivable = (await get('admin', '/receivables?pagination[pageSize]=1')).data[0];
    const company = (await get('admin', '/companies?filters[type][$eq]=company&pagination[pageSize]=1')).data[0];
    const stale = ifMatch('2001-02-03T04:05:06.000Z');
    for (const [path, data] of [
      [`/customers/${customer.documentId}`, { name: customer.name }],
      [`/receivables/${receivable.documentId}`, { document_number: 'DOC-V' }],
      [`/companies/${company.documentId}`, { trade_name: company.trade_name }],
    ] as const) {
      const res = await api('PUT', path, { token: admin, body: { data }, headers: stale });
      expect({ path, status: res.status, message: res.body.error?.message }).toEqual({ path, status: 409, message: STALE });
    }
    const user = await createUser(admin);
    const row = (await api('GET', `/users/${user.id}`, { token: admin })).body;
    const refused = await api('PUT', `/users/${user.id}`, { token: admin, body: { name: 'Outro nome' }, headers: stale });
    expect({ status: refused.status, message: refused.body.error?.message }).toEqual({ status: 409, message: STALE });
    const saved = await api('PUT', `/users/${user.id}`, { token: admin, body: { name: 'Outro nome' }, headers: ifMatch(row.updatedAt) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
