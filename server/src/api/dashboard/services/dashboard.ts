import type { Core } from '@strapi/strapi';
import type { Scope } from '../../../utils/scope';
import { centsSql, centsToReais, knexOf, scopedFrom, tableOf, toNumber } from '../../../utils/dashboard/aggregates';
import { lastMonths, type Month } from '../../../utils/dashboard/months';

const ORDER = 'api::sales-order.sales-order';
const RECEIVABLE = 'api::receivable.receivable';

/** The five order statuses (the sales-order schema's enumeration, spec 001 §4), in the spec's order. */
export const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'] as const;

/** How many days old a pending receivable's payment date must be to count as aged (the home's two thresholds). */
export const AGED_DAYS = [7, 30] as const;

const DAY_MS = 86_400_000;

/** A count and its money total: `total` in reais (exact to the cent), `cents` the same in centavos. */
export interface Money {
  count: number;
  total: number;
  cents: number;
}

const money = (count: unknown, cents: unknown): Money => {
  const c = toNumber(cents);
  return { count: toNumber(count), total: centsToReais(c), cents: c };
};

/** One receivable's amount: its final amount, or the original where none was stored (the list's 'Valor Final'). */
const amountSql = (strapi: Core.Strapi): string => {
  const { column } = tableOf(strapi, RECEIVABLE);
  return centsSql(`COALESCE(${column('amount_final')}, ${column('amount_original')})`);
};

/**
 * The home's figures for one caller, each one aggregate statement inside the caller's data scope
 * (docs/architecture.md "The home's figures"). `now` is the instant the ages and months are
 * measured from.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Orders by status: `[{status, count}]` for the five statuses (0 when none), the counts of
   * `GET /sales-orders?filters[status_in][$eq]=<status>` for the same caller.
   */
  async ordersByStatus(scope: Scope): Promise<{ status: string; count: number }[]> {
    const { column } = tableOf(strapi, ORDER);
    const status = column('status_in');
    const rows = (await scopedFrom(strapi, ORDER, scope)
      .select({ status })
      .count({ count: '*' })
      .whereIn(status, [...ORDER_STATUSES])
      .groupBy(status)) as { status: string; count: unknown }[];
    const counts = new Map(rows.map((r) => [r.status, toNumber(r.count)]));
    return ORDER_STATUSES.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
  },

  /**
   * Pending receivables (`status_in = pending`): their count and total, and the same for those whose
   * payment date is more than 7 and more than 30 days before `now` (`payment_date < now − n days`).
   * `before` gives each threshold's instant (ISO) so a list can be asked for the same rows.
   */
  async receivablesPending(scope: Scope, now: Date) {
    const { column } = tableOf(strapi, RECEIVABLE);
    const knex = knexOf(strapi);
    const date = column('payment_date');
    const cents = amountSql(strapi);
    const limits = AGED_DAYS.map((days) => new Date(now.getTime() - days * DAY_MS));
    const aged = limits.flatMap((limit, i) => [
      knex.raw(`SUM(CASE WHEN ${date} < ? THEN 1 ELSE 0 END) AS ??`, [limit, `count_${i}`]),
      knex.raw(`SUM(CASE WHEN ${date} < ? THEN ${cents} ELSE 0 END) AS ??`, [limit, `cents_${i}`]),
    ]);
    const [row] = (await scopedFrom(strapi, RECEIVABLE, scope)
      .select(knex.raw('COUNT(*) AS count'), knex.raw(`SUM(${cents}) AS cents`), ...aged)
      .where(column('status_in'), 'pending')) as Record<string, unknown>[];
    return {
      pending: money(row?.count, row?.cents),
      aged: AGED_DAYS.map((days, i) => ({ days, before: limits[i].toISOString(), ...money(row?.[`count_${i}`], row?.[`cents_${i}`]) })),
    };
  },

  /**
   * Paid and pending receivables per month, for the 12 months up to the one of `now` (months of the
   * app's time zone, see months.ts), oldest first: `[{month: 'YYYY-MM', from, to, paid, pending}]`,
   * `from`/`to` the month's instants (ISO, `from ≤ payment_date < to`). Reversed ones are left out.
   */
  async receivablesMonthly(scope: Scope, now: Date): Promise<(Omit<Month, 'from' | 'to'> & { from: string; to: string; paid: Money; pending: Money })[]> {
    const { column } = tableOf(strapi, RECEIVABLE);
    const knex = knexOf(strapi);
    const date = column('payment_date');
    const status = column('status_in');
    const months = lastMonths(now, 12);
    // the month as its index: one CASE over the boundaries, the same SQL on SQLite and PostgreSQL
    const index = `CASE ${months.map((_, i) => `WHEN ${date} < ? THEN ${i}`).join(' ')} END`;
    const rows = (await scopedFrom(strapi, RECEIVABLE, scope)
      .select(
        knex.raw(
          `${index} AS month_index`,
          months.map((m) => m.to),
        ),
        { status },
        knex.raw('COUNT(*) AS count'),
        knex.raw(`SUM(${amountSql(strapi)}) AS cents`),
      )
      .where(date, '>=', months[0].from)
      .andWhere(date, '<', months[months.length - 1].to)
      .whereIn(status, ['paid', 'pending'])
      .groupByRaw('1, 2')) as { month_index: unknown; status: string; count: unknown; cents: unknown }[];
    const cell = (i: number, s: string) => rows.find((r) => toNumber(r.month_index) === i && r.status === s);
    return months.map((m, i) => {
      const paid = cell(i, 'paid');
      const pending = cell(i, 'pending');
      return {
        month: m.month,
        from: m.from.toISOString(),
        to: m.to.toISOString(),
        paid: money(paid?.count, paid?.cents),
        pending: money(pending?.count, pending?.cents),
      };
    });
  },
});
