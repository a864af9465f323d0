import type { Core } from '@strapi/strapi';
import type { Scope } from '../../../utils/scope';
import { centsToReais, scopeWhere, toNumber } from '../../../utils/dashboard/aggregates';
import { lastMonths } from '../../../utils/dashboard/months';
import { readOffLoop } from '../../../utils/sqlite-readers';
import {
  AGED_DAYS,
  agedLimits,
  ORDER,
  ORDER_STATUSES,
  ordersByStatusStatement,
  receivablesMonthlyStatement,
  receivablesPendingStatement,
  RECEIVABLE,
} from '../../../utils/dashboard/statements';

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

/** One month of the chart: 'YYYY-MM', its instants (ISO, `from ≤ payment_date < to`), paid and pending. */
export interface MonthFigures {
  month: string;
  from: string;
  to: string;
  paid: Money;
  pending: Money;
}

/**
 * The home's figures for one caller, each one aggregate statement inside the caller's data scope
 * (docs/architecture.md "The home's figures"; the statements: utils/dashboard/statements.ts), read on SQLite
 * by a reader thread (utils/sqlite-readers).
 * `now` is the instant the ages and months are measured from.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Orders by status: `[{status, count}]` for the five statuses (0 when none), the counts of
   * `GET /sales-orders?filters[status_in][$eq]=<status>` for the same caller.
   */
  async ordersByStatus(scope: Scope): Promise<{ status: string; count: number }[]> {
    const rows = await readOffLoop<{ status: string; count: unknown }>(strapi, ordersByStatusStatement(strapi, await scopeWhere(strapi, ORDER, scope)));
    const counts = new Map(rows.map((r) => [r.status, toNumber(r.count)]));
    return ORDER_STATUSES.map((s) => ({ status: s, count: counts.get(s) ?? 0 }));
  },

  /**
   * Pending receivables (`status_in = pending`): their count and total, and the same for those whose
   * payment date is more than 7 and more than 30 days before `now` (`payment_date < now − n days`).
   * `before` gives each threshold's instant (ISO) so a list can be asked for the same rows.
   */
  async receivablesPending(scope: Scope, now: Date): Promise<{ pending: Money; aged: (Money & { days: number; before: string })[] }> {
    const [row] = await readOffLoop(strapi, receivablesPendingStatement(strapi, await scopeWhere(strapi, RECEIVABLE, scope), now));
    const limits = agedLimits(now);
    return {
      pending: money(row?.count, row?.cents),
      aged: AGED_DAYS.map((days, i) => ({ days, before: limits[i].toISOString(), ...money(row?.[`count_${i}`], row?.[`cents_${i}`]) })),
    };
  },

  /**
   * Paid and pending receivables per month, for the 12 months up to the one of `now` (months of the
   * app's time zone, utils/dashboard/months.ts), oldest first. Reversed ones are left out.
   */
  async receivablesMonthly(scope: Scope, now: Date): Promise<MonthFigures[]> {
    const months = lastMonths(now, 12);
    const rows = await readOffLoop<{ month_index: unknown; status: string; count: unknown; cents: unknown }>(
      strapi,
      receivablesMonthlyStatement(strapi, await scopeWhere(strapi, RECEIVABLE, scope), months),
    );
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
