import { describe, expect, it } from 'vitest';
import { api, login } from './helpers/api';
import { get, me } from './helpers/business';
import { createUser } from './helpers/users';

/**
 * A salesman linked to the dealership he sells for (`company_id`, a company record), as the user
 * form sends it (docs/decisions.md "Users screens"): the administrator links on create with a
 * connect list and relinks/unlinks on update with a bare id or null; the link sets the salesman's
 * data scope (utils/scope.ts: his own orders plus his dealership's); nobody else may set it.
 */
describe('salesman ↔ dealership (company_id)', () => {
  it('an administrator links with the form payloads and the salesman then sees his dealership’s orders', async () => {
    const admin = await login('admin');
    const conc = await me('concessionaria');
    const company = (await get('admin', `/companies?filters[user_id][id][$eq]=${conc.id}`)).data[0];
    expect(company, 'the seeded dealership has its company record').toBeTruthy();

    // POST /users {data} with company_id as a connect list (userFormToCreatePayload)
    const u = await createUser(admin, { company_id: { connect: [{ id: company.id }] } });
    try {
      const got = await api('GET', `/users/${u.id}?populate=*`, { token: admin });
      expect(got.body.company_id.id).toBe(company.id);

      const token = await login({ identifier: u.username, password: u.password });
      const linked = await api('GET', '/sales-orders?populate=user_company_id&pagination[pageSize]=100', { token });
      expect(linked.status).toBe(200);
      expect(linked.body.meta.pagination.total).toBeGreaterThan(0);
      expect(linked.body.data.every((o: any) => o.user_company_id?.id === conc.id)).toBe(true);
      const dealerTotal = (await get('concessionaria', '/sales-orders?pagination[pageSize]=1')).meta.pagination.total;
      expect(linked.body.meta.pagination.total).toBe(dealerTotal);

      // the salesman may not move himself to another dealership, nor unlink himself
      for (const body of [{ company_id: null }, { company_id: company.id + 100000 }]) {
        const res = await api('PUT', `/users/${u.id}`, { token, body });
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.error.message).toMatch(/Apenas administradores/);
      }

      // PUT /users/{id} with the fields directly (userFormToUpdatePayload): company_id null unlinks
      const unlink = await api('PUT', `/users/${u.id}`, { token: admin, body: { name: 'Vendedor Sem Loja', company_id: null, birth_date: null } });
      expect(unlink.status, JSON.stringify(unlink.body)).toBe(200);
      const after = await api('GET', `/users/${u.id}?populate=company_id`, { token: admin });
      expect(after.body.company_id).toBeNull();
      const alone = await api('GET', '/sales-orders?pagination[pageSize]=1', { token });
      expect(alone.body.meta.pagination.total).toBe(0);

      // and a bare id links again
      const relink = await api('PUT', `/users/${u.id}`, { token: admin, body: { company_id: company.id } });
      expect(relink.status).toBe(200);
      expect((await api('GET', '/sales-orders?pagination[pageSize]=1', { token })).body.meta.pagination.total).toBe(dealerTotal);
    } finally {
      // the seeded dealership keeps only its seeded people for the files that count them (relation-scope.test.ts)
      expect((await api('DELETE', `/users/${u.id}`, { token: admin })).status).toBe(200);
    }
  });

  it('the dealership select’s call answers the administrator: companies of type company, up to 100', async () => {
    const body = await get('admin', '/companies?filters[type][$eq]=company&pagination[page]=1&pagination[pageSize]=100&sort[0]=trade_name:asc');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((c: any) => c.type === 'company')).toBe(true);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 100 });
  });
});
