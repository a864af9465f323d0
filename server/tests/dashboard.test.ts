import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { anOrder, call, get, me } from './helpers/business';

/**
 * The home's figures (docs/architecture.md "The home's figures"): every figure equals the total of
 * the list its link opens, asked of the same list endpoint by the same caller; money to the cent;
 * each role inside its own data scope. Runs on SQLite and on PostgreSQL (`npm run test:pg`).
 */

type Role = 'admin' | 'despachante' | 'concessionaria' | 'vendedor';
const ORDER_ROLES: Role[] = ['admin', 'despachante', 'concessionaria', 'vendedor'];
const RECEIVABLE_ROLES: Role[] = ['admin', 'despachante', 'concessionaria'];
const STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'];
const DAY = 86_400_000;

const cents = (row: { amount_final?: number | string | null; amount_original?: number | string | null }) =>
  Math.round(Number(row.amount_final ?? row.amount_original) * 100);

/** Count and centavos of every row of `GET /receivables?<filters>` as `who` sees it, read page by page. */
async function receivableList(who: Role, filters: string): Promise<{ count: number; cents: number }> {
  let total = 0;
  let sum = 0;
  let rows = 0;
  for (let page = 1; ; page += 1) {
    const body = await get(who, `/receivables?${filters}&fields[0]=amount_final&fields[1]=amount_original&pagination[page]=${page}&pagination[pageSize]=100`);
    total = body.meta.pagination.total;
    for (const row of body.data) sum += cents(row);
    rows += body.data.length;
    if (page >= body.meta.pagination.pageCount) break;
  }
  expect(rows, 'every row of the list was read').toBe(total);
  return { count: total, cents: sum };
}

/** `meta.pagination.total` of `GET /sales-orders?filters[status_in][$eq]=<status>` as `who`, as Pedidos asks it. */
async function orderCount(who: Role, status: string): Promise<number> {
  const body = await get(who, `/sales-orders?filters[$and][0][status_in][$eq]=${status}&pagination[page]=1&pagination[pageSize]=1&pagination[withCount]=true`);
  return body.meta.pagination.total;
}

const dashboard = async (who: Role, widget: string) => (await get(who, `/dashboard/${widget}`)).data;

/** A receivable created by the administrator on `order` (its parties copied from the order). */
async function receivable(orderId: number, amount: number, status: string, paymentDate: Date) {
  const res = await call('admin', 'POST', '/receivables', {
    data: { pedido_id: orderId, amount_original: amount, amount_final: amount, status_in: status, payment_date: paymentDate.toISOString(), installments: 0 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

let shared: { id: number };

beforeAll(async () => {
  // an order both seeded parties see, so one set of rows lands in three scopes
  const desp = await me('despachante');
  const conc = await me('concessionaria');
  shared = await anOrder('admin', `&filters[user_dispatcher_id][id][$eq]=${desp.id}&filters[user_company_id][id][$eq]=${conc.id}`);
  expect(shared, 'the seed has an order of the despachante with the concessionária').toBeTruthy();
  const now = Date.now();
  await receivable(shared.id, 0.1, 'pending', new Date(now - 10 * DAY));
  await receivable(shared.id, 0.2, 'pending', new Date(now - 40 * DAY));
  await receivable(shared.id, 1234.56, 'paid', new Date(now - 70 * DAY));
});

describe('orders by status', () => {
  it.each(ORDER_ROLES)('as %s: each count is the total of Pedidos filtered by that status', async (who) => {
    const figures: { status: string; count: number }[] = await dashboard(who, 'orders-by-status');
    expect(figures.map((f) => f.status)).toEqual(STATUSES);
    for (const f of figures) expect(f.count, `${who} ${f.status}`).toBe(await orderCount(who, f.status));
  });

  it('stays inside each scope: a party sees fewer orders than the administrator, a salesman his and his dealership’s', async () => {
    const total = async (who: Role) => (await dashboard(who, 'orders-by-status')).reduce((n: number, f: { count: number }) => n + f.count, 0);
    const admin = await total('admin');
    for (const who of ['despachante', 'concessionaria', 'vendedor'] as Role[]) expect(await total(who)).toBeLessThan(admin);
    const seller = await me('vendedor');
    const conc = await me('concessionaria');
    const visible = await get(
      'admin',
      `/sales-orders?filters[$or][0][user_id][id][$eq]=${seller.id}&filters[$or][1][user_company_id][id][$eq]=${conc.id}&pagination[pageSize]=1`,
    );
    expect(await total('vendedor')).toBe(visible.meta.pagination.total);
  });
});

describe('pending receivables', () => {
  it.each(RECEIVABLE_ROLES)('as %s: count and total equal Contas a Receber filtered by Pendente, and by age', async (who) => {
    const { pending, aged } = await dashboard(who, 'receivables-pending');
    const list = await receivableList(who, 'filters[status_in][$eq]=pending');
    expect(pending).toEqual({ count: list.count, cents: list.cents, total: list.cents / 100 });
    expect(aged.map((a: { days: number }) => a.days)).toEqual([7, 30]);
    for (const a of aged) {
      const older = await receivableList(who, `filters[status_in][$eq]=pending&filters[payment_date][$lt]=${encodeURIComponent(a.before)}`);
      expect({ count: a.count, cents: a.cents }, `${who} older than ${a.days} days`).toEqual(older);
    }
    expect(aged[0].count).toBeGreaterThanOrEqual(aged[1].count);
  });

  it('adds money to the cent (0,10 + 0,20 is 0,30, not 0,30000000000000004)', async () => {
    const before = (await dashboard('despachante', 'receivables-pending')).pending;
    const now = Date.now();
    const a = await receivable(shared.id, 0.1, 'pending', new Date(now - DAY));
    const b = await receivable(shared.id, 0.2, 'pending', new Date(now - DAY));
    const after = (await dashboard('despachante', 'receivables-pending')).pending;
    expect(after.count - before.count).toBe(2);
    expect(after.cents - before.cents).toBe(30);
    expect(Number.isInteger(after.cents)).toBe(true);
    expect(after.total).toBe(after.cents / 100);
    for (const r of [a, b]) expect((await call('admin', 'DELETE', `/receivables/${r.documentId}`)).status).toBe(204);
  });
});

describe('paid and pending per month', () => {
  it.each(RECEIVABLE_ROLES)('as %s: each month’s figures equal Contas a Receber filtered by status and that month', async (who) => {
    const months = await dashboard(who, 'receivables-monthly');
    expect(months).toHaveLength(12);
    for (let i = 1; i < months.length; i += 1) expect(months[i].from).toBe(months[i - 1].to);
    for (const m of months) {
      for (const status of ['paid', 'pending'] as const) {
        const range = `filters[payment_date][$gte]=${encodeURIComponent(m.from)}&filters[payment_date][$lt]=${encodeURIComponent(m.to)}`;
        const list = await receivableList(who, `filters[status_in][$eq]=${status}&${range}`);
        expect({ count: m[status].count, cents: m[status].cents }, `${who} ${m.month} ${status}`).toEqual(list);
      }
    }
    const shown = months.reduce((n: number, m: { paid: { count: number } }) => n + m.paid.count, 0);
    expect(shown, 'the seeded and created paid receivables of the last months are counted').toBeGreaterThan(0);
  });

  it('names the months of Brazil’s time (UTC−3), the current one last', async () => {
    const months = await dashboard('admin', 'receivables-monthly');
    const last = months[months.length - 1];
    const local = new Date(Date.now() - 3 * 3_600_000);
    expect(last.month).toBe(`${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(new Date(last.from).getUTCHours()).toBe(3);
  });
});

describe('who may ask', () => {
  it('a salesman gets the orders but not the receivables (403, as Contas a Receber)', async () => {
    expect((await call('vendedor', 'GET', '/dashboard/orders-by-status')).status).toBe(200);
    for (const widget of ['receivables-pending', 'receivables-monthly']) expect((await call('vendedor', 'GET', `/dashboard/${widget}`)).status).toBe(403);
    expect((await call('vendedor', 'GET', '/receivables')).status).toBe(403);
  });

  it('anonymous callers get nothing; a query parameter is a 400 with a Portuguese message', async () => {
    for (const widget of ['orders-by-status', 'receivables-pending', 'receivables-monthly']) {
      expect([401, 403]).toContain((await api('GET', `/dashboard/${widget}`)).status);
    }
    const res = await call('despachante', 'GET', '/dashboard/orders-by-status?filters[status_in][$eq]=paid');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Parâmetro não aceito/);
  });
});
