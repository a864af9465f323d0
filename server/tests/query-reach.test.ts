import qs from 'qs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { get, me } from './helpers/business';
import { rivalParties } from './helpers/scope';

/**
 * Filters and sorts reach only what answers show (utils/user-filters.ts), and a query's width through
 * relations is limited with a 400 that says the limit (utils/query-width.ts).
 */
const total = async (who: 'despachante' | 'concessionaria' | 'vendedor', path: string) => {
  const res = await api('GET', path, { token: await login(who) });
  expect(res.status, `${path} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
  return res.body.meta.pagination.total as number;
};

beforeAll(async () => {
  await rivalParties(); // another dealership with a salesman named 'Vendedor Rival'
});

describe('filters and sorts reach only the users answers show', () => {
  it('a dispatcher cannot find dealerships by the names of their salesmen, letter by letter', async () => {
    const salesmen = await get('admin', '/users?filters[type][$eq]=salesman&pagination[pageSize]=100');
    expect(salesmen.data.some((u: any) => u.name.startsWith('Vend'))).toBe(true);
    // the administrator does find them: the oracle exists
    const admin = await api('GET', '/companies?filters[users][name][$startsWith]=Vend', { token: await login('admin') });
    expect(admin.body.meta.pagination.total).toBeGreaterThan(0);
    for (const prefix of ['Vend', 'V', 'Vendedor R', 'Zzz']) {
      expect({ prefix, total: await total('despachante', `/companies?filters[users][name][$startsWith]=${encodeURIComponent(prefix)}`) }).toEqual({
        prefix,
        total: 0,
      });
      expect(await total('despachante', `/companies?filters[users][id][$notNull]=true&filters[users][name][$startsWith]=${prefix}`)).toBe(0);
    }
  });

  it('a dealership still finds its own company by its own salesman’s name; not another dealership by theirs', async () => {
    const mine = await me('vendedor');
    expect(await total('concessionaria', `/companies?filters[users][name][$eq]=${encodeURIComponent(mine.name)}`)).toBe(1);
    expect(await total('concessionaria', `/companies?filters[users][name][$eq]=${encodeURIComponent('Vendedor Rival')}`)).toBe(0);
  });

  it('a field answers show of no one but the caller filters only the caller: provider, role, createdAt, company', async () => {
    const total = async (who: 'despachante' | 'concessionaria' | 'vendedor', path: string) =>
      (await api('GET', path, { token: await login(who) })).body.meta.pagination.total as number;
    // as a dealership, its own salesmen are its people, but their provider is never shown: nothing is found through it
    expect(await total('concessionaria', '/companies?filters[users][provider][$containsi]=local')).toBe(0);
    // the users directory filtered on what it never shows finds the caller alone at most
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const self = (await me(who)).id;
      for (const filter of ['filters[createdAt][$notNull]=true', 'filters[role][createdAt][$gt]=1970-01-01', 'filters[provider][$eq]=local']) {
        const found = (await api('GET', `/users?${filter}&pagination[pageSize]=100`, { token: await login(who) })).body.data.map((u: { id: number }) => u.id);
        expect({ who, filter, others: found.filter((id: number) => id !== self) }).toEqual({ who, filter, others: [] });
      }
    }
  });

  it('sorting companies by their salesmen is refused for non-administrators', async () => {
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as const) {
      const res = await api('GET', '/companies?sort=users.name:asc', { token: await login(who) });
      expect({ who, status: res.status, message: res.body.error?.message }).toEqual({ who, status: 400, message: 'Ordenação inválida: campo não permitido.' });
    }
    expect((await api('GET', '/companies?sort=users.name:asc', { token: await login('admin') })).status).toBe(200);
  });

  it('filters on the users of the caller’s own orders keep working (their records own them)', async () => {
    const order = (await get('despachante', '/sales-orders?populate[user_id][fields][0]=name&pagination[pageSize]=1&filters[user_id][id][$notNull]=true'))
      .data[0];
    expect(order?.user_id?.name, 'an order of the despachante with a seller').toBeTruthy();
    expect(await total('despachante', `/sales-orders?filters[user_id][name][$eq]=${encodeURIComponent(order.user_id.name)}`)).toBeGreaterThan(0);
  });
});

describe('a query crosses a limited number of relations', () => {
  const orOf = (n: number, condition: (i: number) => unknown) => ({ $or: Array.from({ length: n }, (_, i) => condition(i)) });

  it('16 two-level conditions on receivables and 50 on orders answer 400 with the limit, for every role that lists them', async () => {
    for (const who of ['admin', 'despachante', 'concessionaria'] as const) {
      const token = await login(who);
      const receivables = await api(
        'GET',
        `/receivables?${qs.stringify({ filters: orOf(16, (i) => ({ sales_order: { customer_id: { name: { $containsi: `x${i}` } } } })) })}`,
        {
          token,
        },
      );
      expect({ who, status: receivables.status }).toEqual({ who, status: 400 });
      expect(receivables.body.error.message).toMatch(/^Filtro inválido: no máximo 30 condições e ordenações sobre relações por consulta \(esta tem \d+/);
    }
    // the vendedor may not list receivables at all (403 before any query): orders for every role
    for (const who of ['admin', 'despachante', 'concessionaria', 'vendedor'] as const) {
      const orders = await api('GET', `/sales-orders?${qs.stringify({ filters: orOf(50, (i) => ({ customer_id: { name: { $containsi: `x${i}` } } })) })}`, {
        token: await login(who),
      });
      expect({ who, status: orders.status }).toEqual({ who, status: 400 });
    }
  });

  it("the users list and /users/count: 33 conditions across relations answer 400, not SQLite's 64-table 500; a legal count is the list's total", async () => {
    const token = await login('admin');
    const wide = { $and: Array.from({ length: 33 }, (_, i) => ({ company_id: { users: { name: { $ne: `x${i}` } } } })) };
    for (const path of ['/users', '/users/count']) {
      const res = await api('GET', `${path}?${qs.stringify({ filters: wide })}`, { token });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.error.message).toMatch(/^Filtro inválido: no máximo 30 condições e ordenações sobre relações por consulta \(esta tem 66/);
    }
    const legal = { type: { $eq: 'dispatcher' }, address_state_id: { abbreviation: { $ne: 'zz' } } };
    const count = await api('GET', `/users/count?${qs.stringify({ filters: legal })}`, { token });
    const listed = await api('GET', `/users?${qs.stringify({ filters: legal, pagination: { pageSize: 1 } })}`, { token });
    expect(count.status).toBe(200);
    expect(count.body).toBe(listed.body.meta.pagination.total);
    expect(count.body).toBeGreaterThan(0);
  });

  it('a chain deeper than 4 relations answers 400; a wide but legal search answers 200', async () => {
    const token = await login('admin');
    const deep = { sales_order: { user_id: { company_id: { user_id: { company_id: { trade_name: { $eq: 'x' } } } } } } };
    const res = await api('GET', `/receivables?${qs.stringify({ filters: deep })}`, { token });
    expect({ status: res.status, message: res.body.error.message }).toEqual({
      status: 400,
      message: 'Filtro inválido: no máximo 4 relações encadeadas em uma condição (esta tem 5).',
    });
    for (const who of ['admin', 'vendedor', 'concessionaria'] as const) {
      const wide = orOf(20, (i) => ({ customer_id: { name: { $containsi: `x${i}` } } }));
      expect({ who, status: (await api('GET', `/sales-orders?${qs.stringify({ filters: wide })}`, { token: await login(who) })).status }).toEqual({
        who,
        status: 200,
      });
    }
  });
});
