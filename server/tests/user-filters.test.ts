import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, LOGINS, type SeedRole } from './helpers/api';
import { get, me } from './helpers/business';
import { canRead, contentTypes, type ContentType } from './helpers/scope';

/**
 * Users' hidden fields cannot be read through filters or sorts (the query side;
 * "Done means … can neither read …"). Generated from the schemas: for every content-type with a
 * relation to users, every non-administrator role that may list it, and every user linked on a
 * row the role sees whose CPF/CNPJ the role may not see (not itself, not its own people):
 * - `filters[<relation>][username][$eq]=<the real CPF/CNPJ>` finds nothing, while the same filter
 *   on the user's id finds the row (so the filter reached the database and the row is visible);
 * - the same through `populate[<relation>][filters]` leaves the relation empty;
 * - `sort=<relation>.username` answers 400.
 * Plus the root of GET /users. Runs on SQLite and PostgreSQL (scripts/test-postgres.sh).
 */
const USER = 'plugin::users-permissions.user';
const ROLES: SeedRole[] = ['concessionaria', 'despachante', 'vendedor'];

let types: ContentType[];
beforeAll(() => {
  types = contentTypes();
});

const rowsOf = (body: any): any[] => (Array.isArray(body) ? body : (body?.data ?? []));
const totalOf = (body: any): number => body?.meta?.pagination?.total ?? rowsOf(body).length;

describe('filters and sorts on users’ hidden fields reach only the caller and its own people (generated)', () => {
  it('every relation to users, every non-admin role: the CPF/CNPJ of someone else’s user is not an oracle', async () => {
    const admin = await login('admin');
    let cases = 0;
    for (const type of types.filter((t) => t.uid !== USER)) {
      const relations = Object.entries(type.attributes).filter(([, a]: [string, any]) => a.type === 'relation' && a.target === USER && !a.private);
      for (const [name] of relations) {
        for (const role of ROLES) {
          if (!(await canRead(role, type.uid))) continue;
          const token = await login(role);
          const seen = await api('GET', `${type.path}?populate[${name}]=true&pagination[pageSize]=100`, { token });
          if (seen.status !== 200) continue;
          const linked = new Map<number, any>();
          for (const row of rowsOf(seen.body)) {
            for (const u of [row[name]].flat()) if (u?.id && !('username' in u)) linked.set(u.id, u);
          }
          for (const userId of [...linked.keys()].slice(0, 3)) {
            const real = (await api('GET', `/users/${userId}`, { token: admin })).body;
            expect(real.username, `admin reads user ${userId}`).toMatch(/^\d{11,14}$/);
            const label = `${role} ${type.path} ${name} → user ${userId}`;
            const byId = await api('GET', `${type.path}?filters[${name}][id][$eq]=${userId}&pagination[pageSize]=1`, { token });
            expect(byId.status, label).toBe(200);
            expect(totalOf(byId.body), `${label}: control by id`).toBeGreaterThan(0);
            const byCpf = await api('GET', `${type.path}?filters[${name}][username][$eq]=${real.username}&pagination[pageSize]=1`, { token });
            expect(byCpf.status, label).toBe(200);
            expect(totalOf(byCpf.body), `${label}: filter by CPF/CNPJ`).toBe(0);
            const byPrefix = await api(
              'GET',
              `${type.path}?filters[$and][0][${name}][id][$eq]=${userId}&filters[$and][1][$or][0][${name}][username][$startsWith]=${real.username.slice(0, 3)}&filters[$and][1][$or][1][${name}][email][$containsi]=@&pagination[pageSize]=1`,
              { token },
            );
            expect(totalOf(byPrefix.body), `${label}: prefix / e-mail under $or`).toBe(0);
            const populated = await api(
              'GET',
              `${type.path}?filters[${name}][id][$eq]=${userId}&populate[${name}][filters][username][$eq]=${real.username}&pagination[pageSize]=1`,
              { token },
            );
            const row = rowsOf(populated.body)[0];
            expect([row?.[name]].flat().filter(Boolean), `${label}: populate filter`).toEqual([]);
            const sorted = await api('GET', `${type.path}?sort[0]=${name}.username:asc`, { token });
            expect(sorted.status, `${label}: sort`).toBe(400);
            cases++;
          }
        }
      }
    }
    console.log(`user-filter oracle cases: ${cases}`);
    // Seeded orders and receivables link dealerships, dispatchers and sellers across the three roles.
    expect(cases).toBeGreaterThanOrEqual(6);
  }, 240_000); // a generated sweep: ~190 requests

  it('the caller’s own people stay searchable: a concessionária finds its orders by its salesman’s CPF', async () => {
    const orders = await get('concessionaria', `/sales-orders?filters[user_id][username][$eq]=${LOGINS.vendedor}&pagination[pageSize]=1`);
    const asAdmin = await get(
      'admin',
      `/sales-orders?filters[user_id][username][$eq]=${LOGINS.vendedor}&filters[user_company_id][id][$eq]=${(await me('concessionaria')).id}&pagination[pageSize]=1`,
    );
    expect(asAdmin.meta.pagination.total).toBeGreaterThan(0);
    expect(orders.meta.pagination.total).toBe(asAdmin.meta.pagination.total);
    const own = await get('despachante', `/sales-orders?filters[user_dispatcher_id][username][$eq]=${LOGINS.despachante}&pagination[pageSize]=1`);
    expect(own.meta.pagination.total).toBeGreaterThan(0);
  });

  it('GET /users as a non-administrator: party accounts with id, documentId, name and type only; filters on their CPF/CNPJ or e-mail find only oneself', async () => {
    for (const role of ['despachante', 'concessionaria'] as const) {
      const token = await login(role);
      const list = await api('GET', '/users?pagination[pageSize]=100', { token });
      expect(list.status).toBe(200);
      const self = (await me(role)).id;
      for (const u of list.body.data) {
        if (u.id === self) continue;
        expect(Object.keys(u).sort(), `${role} sees user ${u.id}`).toEqual(['documentId', 'id', 'name', 'type']);
      }
      const other = role === 'despachante' ? LOGINS.concessionaria : LOGINS.despachante;
      expect((await api('GET', `/users?filters[username][$eq]=${other}`, { token })).body.data).toEqual([]);
      expect((await api('GET', `/users?filters[email][$containsi]=balcao.local&pagination[pageSize]=100`, { token })).body.data.map((u: any) => u.id)).toEqual([
        self,
      ]);
      expect((await api('GET', `/users?filters[username][$eq]=${LOGINS[role]}`, { token })).body.data.map((u: any) => u.id)).toEqual([self]);
      expect((await api('GET', '/users?sort[0]=username:asc', { token })).status).toBe(400);
      expect((await api('GET', '/users?sort[0]=name:asc', { token })).status).toBe(200);
    }
    const admin = await api('GET', `/users?filters[username][$eq]=${LOGINS.despachante}`, { token: await login('admin') });
    expect(admin.body.data.map((u: any) => u.username)).toEqual([LOGINS.despachante]);
  });
});
