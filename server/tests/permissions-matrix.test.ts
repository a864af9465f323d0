import { beforeAll, describe, expect, it } from 'vitest';
import { api, login, type SeedRole } from './helpers/api';
import { fileForm, SAMPLES } from './helpers/files';

/**
 * Role × endpoint matrix: every call of both spec section-7 tables and every
 * custom action, for each seeded role and an anonymous caller. `allow` lists who gets past the
 * permission layer (A admin, D despachante, C concessionária, V vendedor, P anonymous); everyone
 * else must get 401/403. Writes use empty bodies or unknown ids, so an allowed caller gets a
 * 2xx/400/404/409 without changing data. No call may answer 5xx.
 */
type Row = { method: string; path: string; body?: unknown | (() => unknown); allow: string; note?: string };

const NX = 'zzzzzzzzzzzzzzzzzzzzzzzz'; // a documentId that does not exist
const rows: Row[] = [
  // spec 000 §7: auth
  { method: 'POST', path: '/auth/local', body: {}, allow: 'ADCVP' },
  { method: 'POST', path: '/auth/forgot-password', body: { email: 'nao-e-email' }, allow: 'ADCVP' },
  { method: 'POST', path: '/auth/reset-password', body: {}, allow: 'ADCVP' },
  // users
  { method: 'GET', path: '/users/me?populate=role', allow: 'ADCV' },
  {
    method: 'GET',
    path: '/users?populate=*&filters[username][$containsi]=1&pagination[page]=1&pagination[pageSize]=10',
    allow: 'ADCV',
    note: 'non-admins: party accounts only',
  },
  { method: 'GET', path: '/users?filters[type][$eq]=dispatcher&pagination[page]=1&pagination[pageSize]=100', allow: 'ADCV' },
  { method: 'GET', path: '/users/count', allow: 'A' },
  { method: 'GET', path: '/users/{self}?populate=*', allow: 'ADCV' },
  { method: 'GET', path: '/users/{admin}?populate=*', allow: 'A' },
  { method: 'POST', path: '/users', body: { data: {} }, allow: 'A' },
  { method: 'PUT', path: '/users/{self}', body: {}, allow: 'ADCV' },
  { method: 'PUT', path: '/users/{admin}', body: {}, allow: 'A' },
  { method: 'DELETE', path: '/users/99999999', allow: 'A' },
  { method: 'POST', path: '/users/{self}/change-password', body: {}, allow: 'ADCV' },
  { method: 'POST', path: '/users/{admin}/change-password', body: {}, allow: 'A' },
  // roles and permissions
  { method: 'GET', path: '/users-permissions/roles', allow: 'ADCV' },
  { method: 'GET', path: '/users-permissions/roles/{role}', allow: 'ADCV' },
  { method: 'GET', path: '/users-permissions/roles/{adminRole}', allow: 'A', note: 'only one’s own role unless one manages roles' },
  { method: 'GET', path: '/users-permissions/permissions', allow: 'ADCV' },
  { method: 'POST', path: '/users-permissions/roles', body: {}, allow: 'A' },
  { method: 'PUT', path: '/users-permissions/roles/99999999', body: {}, allow: 'A' },
  { method: 'DELETE', path: '/users-permissions/roles/99999999', allow: 'A' },
  // states
  { method: 'GET', path: '/states?filters[name][$containsi]=a&pagination[page]=1&pagination[pageSize]=100', allow: 'ADCV' },
  { method: 'GET', path: `/states/${NX}`, allow: 'ADCV' },
  { method: 'POST', path: '/states', body: { data: {} }, allow: 'A' },
  { method: 'PUT', path: `/states/${NX}`, body: { data: {} }, allow: 'A' },
  { method: 'DELETE', path: `/states/${NX}`, allow: 'A' },
  // document types and files (spec 000 §7, 001 §7)
  { method: 'GET', path: '/document-types?populate=*', allow: 'ADC' },
  { method: 'GET', path: '/document-types?filters[user_company_id][id][$eq]=1&populate=*', allow: 'ADC' },
  { method: 'GET', path: `/document-types/${NX}`, allow: 'ADC' },
  { method: 'POST', path: '/document-types', body: { data: {} }, allow: 'A' },
  { method: 'PUT', path: `/document-types/${NX}`, body: { data: {} }, allow: 'A' },
  { method: 'DELETE', path: `/document-types/${NX}`, allow: 'A' },
  { method: 'GET', path: `/document-types/get-signed-url?fileDocId=${NX}&fileUrl=%2Fuploads%2Fx.pdf`, allow: 'ADC' },
  { method: 'POST', path: '/upload', body: () => fileForm('m.pdf', SAMPLES.pdf), allow: 'ADC' },
  { method: 'GET', path: '/sales-order-documents?filters[sales_order][id][$eq]=1&populate=*&_t=123', allow: 'ADC' },
  { method: 'POST', path: '/sales-order-documents', body: { data: {} }, allow: 'ADC' },
  { method: 'DELETE', path: `/sales-order-documents/${NX}`, allow: 'AD' },
  // customers
  { method: 'GET', path: '/customers?filters[name][$containsi]=a&pagination[page]=1&pagination[pageSize]=10', allow: 'ADCV' },
  { method: 'GET', path: `/customers/${NX}`, allow: 'ADCV' },
  { method: 'POST', path: '/customers', body: { data: {} }, allow: 'ADCV' },
  { method: 'PUT', path: `/customers/${NX}`, body: { data: {} }, allow: 'AD' },
  { method: 'DELETE', path: `/customers/${NX}`, allow: 'A' },
  { method: 'GET', path: '/customers/cpf-cnpj/00000000000', allow: 'ADCV' },
  // lookups
  ...['vehicle-types', 'payment-methods', 'sales-items'].flatMap((p) => [
    { method: 'GET', path: `/${p}?populate=*&pagination[page]=1&pagination[pageSize]=100`, allow: 'ADCV' },
    { method: 'GET', path: `/${p}/${NX}`, allow: 'ADCV' },
    { method: 'POST', path: `/${p}`, body: { data: {} }, allow: 'A' },
    { method: 'PUT', path: `/${p}/${NX}`, body: { data: {} }, allow: 'A' },
    { method: 'DELETE', path: `/${p}/${NX}`, allow: 'A' },
  ]),
  { method: 'GET', path: '/payment-methods?fields[0]=name&pagination[page]=1&pagination[pageSize]=100', allow: 'ADCV' },
  // receivables
  { method: 'GET', path: '/receivables?populate=*&sort[0]=id:desc&pagination[page]=1&pagination[pageSize]=25', allow: 'ADC' },
  { method: 'GET', path: '/receivables?filters[pedido_id][$eq]=1', allow: 'ADC' },
  { method: 'GET', path: `/receivables/${NX}`, allow: 'ADC' },
  { method: 'POST', path: '/receivables', body: { data: {} }, allow: 'AD' },
  { method: 'PUT', path: `/receivables/${NX}`, body: { data: {} }, allow: 'AD' },
  { method: 'DELETE', path: `/receivables/${NX}`, allow: 'AD' },
  { method: 'POST', path: `/receivables/confirm/${NX}`, allow: 'AD' },
  { method: 'POST', path: `/receivables/undo/${NX}`, allow: 'AD' },
  // the home's figures, granted with the list each counts
  { method: 'GET', path: '/dashboard/orders-by-status', allow: 'ADCV' },
  { method: 'GET', path: '/dashboard/receivables-pending', allow: 'ADC' },
  { method: 'GET', path: '/dashboard/receivables-monthly', allow: 'ADC' },
  // sales orders
  { method: 'GET', path: '/sales-orders?fields[0]=id&fields[1]=documentId&pagination[pageSize]=100', allow: 'ADCV' },
  { method: 'GET', path: '/sales-orders?populate=*&sort[0]=id:asc&pagination[page]=1&pagination[pageSize]=10', allow: 'ADCV' },
  { method: 'GET', path: `/sales-orders/${NX}?populate=*`, allow: 'ADCV' },
  { method: 'POST', path: '/sales-orders', body: { data: {} }, allow: 'ADCV' },
  { method: 'PUT', path: `/sales-orders/${NX}`, body: { data: {} }, allow: 'AD' },
  { method: 'DELETE', path: `/sales-orders/${NX}`, allow: 'AD' },
  { method: 'GET', path: '/sales-order-items', allow: 'ADCV' },
  // companies and dispatchers
  { method: 'GET', path: '/companies?populate[0]=address_state_id&pagination[page]=1&pagination[pageSize]=10', allow: 'ADCV' },
  { method: 'GET', path: `/companies/${NX}?populate[0]=address_state_id`, allow: 'ADCV' },
  { method: 'POST', path: '/companies', body: { data: {} }, allow: 'A' },
  { method: 'PUT', path: `/companies/${NX}`, body: { data: {} }, allow: 'AC' },
  { method: 'DELETE', path: `/companies/${NX}`, allow: 'A' },
  { method: 'POST', path: '/companies/createDispatcher', body: { data: {} }, allow: 'A' },
  { method: 'DELETE', path: `/companies/deleteDispatcher/${NX}`, allow: 'A' },
  { method: 'PUT', path: `/companies/${NX}/updateCompanies`, body: { data: { companies: [] } }, allow: 'A' },
  // the company custom actions (spec 000 §6), scoped to the caller's own company
  { method: 'GET', path: '/companies/me/users', allow: 'AC' },
  { method: 'GET', path: '/companies/me/notifications', allow: 'AC' },
  { method: 'GET', path: '/companies/me/notifications/unread', allow: 'AC' },
  { method: 'PUT', path: `/companies/me/notifications/${NX}/read`, body: { data: {} }, allow: 'AC' },
  { method: 'GET', path: '/companies/me/payment-methods', allow: 'AC' },
  { method: 'GET', path: '/companies/me/vehicle-types', allow: 'AC' },
  { method: 'GET', path: '/companies/me/sales-items-simulation', allow: 'AC' },
  { method: 'GET', path: '/companies/me/orders', allow: 'AC' },
  { method: 'GET', path: `/companies/me/orders/${NX}`, allow: 'AC' },
  { method: 'POST', path: '/companies/me/orders', body: { data: {} }, allow: 'AC' },
  // agreements
  { method: 'GET', path: '/company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]=1', allow: 'ADC' },
  { method: 'GET', path: `/company-agreements/${NX}`, allow: 'ADC' },
  { method: 'POST', path: '/company-agreements', body: { data: {} }, allow: 'A' },
  { method: 'PUT', path: `/company-agreements/${NX}`, body: { data: {} }, allow: 'A' },
  { method: 'DELETE', path: `/company-agreements/${NX}`, allow: 'A' },
  // notifications
  { method: 'GET', path: '/notifications', allow: 'ADC' },
];

const ROLES: Array<[letter: string, who: SeedRole | null]> = [
  ['A', 'admin'],
  ['D', 'despachante'],
  ['C', 'concessionaria'],
  ['V', 'vendedor'],
  ['P', null],
];

const ctx: Record<string, { token?: string; self?: number; role?: number }> = {};
let adminId = 0;

beforeAll(async () => {
  for (const [letter, who] of ROLES) {
    if (!who) {
      ctx[letter] = {};
      continue;
    }
    const token = await login(who);
    const me = await api('GET', '/users/me?populate=role', { token });
    ctx[letter] = { token, self: me.body.id, role: me.body.role.id };
    if (who === 'admin') adminId = me.body.id;
  }
});

describe('role × endpoint matrix', () => {
  for (const row of rows) {
    it(`${row.method} ${row.path} → allowed for ${row.allow}`, async () => {
      const outcome: string[] = [];
      for (const [letter] of ROLES) {
        const c = ctx[letter];
        const path = row.path
          .replace('{self}', String(c.self ?? adminId))
          .replace('{admin}', String(adminId))
          .replace('{role}', String(c.role ?? 1))
          .replace('{adminRole}', String(ctx.A.role));
        const body = typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
        const res = await api(row.method, path, { token: c.token, body });
        const allowed = ![401, 403].includes(res.status);
        expect(res.status, `${letter} ${row.method} ${path}: ${JSON.stringify(res.body)?.slice(0, 200)}`).toBeLessThan(500);
        outcome.push(`${letter}:${allowed ? 'allow' : 'deny'}(${res.status})`);
      }
      const expected = ROLES.map(([l]) => `${l}:${row.allow.includes(l) ? 'allow' : 'deny'}`);
      expect(
        outcome.map((o) => o.replace(/\(\d+\)$/, '')),
        outcome.join(' '),
      ).toEqual(expected);
    });
  }
});
