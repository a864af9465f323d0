import type { Core } from '@strapi/strapi';
import type { Scope } from '../scope';
import { centsSql, knexOf, scopedFrom, scopeWhere, tableOf, type Query, type ScopeWhere } from './aggregates';
import { lastMonths, type Month } from './months';

/**
 * The home's aggregate statements, built and not run (docs/architecture.md "The home's figures"):
 * the service runs them, and `npm run bench:home` replays the very same SQL straight on the database
 * as its baseline. One statement per widget; each is scoped by `scopedFrom` (utils/scope.ts's filter).
 */

export const ORDER = 'api::sales-order.sales-order';
export const RECEIVABLE = 'api::receivable.receivable';

/** The five order statuses (the sales-order schema's enumeration, spec 001 §4), in the spec's order. */
export const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'] as const;

/** How many days old a pending receivable's payment date must be to count as aged (the home's two thresholds). */
export const AGED_DAYS = [7, 30] as const;

const DAY_MS = 86_400_000;

/** One receivable's amount in centavos: its final amount, or the original where none was stored (the list's 'Valor Final'). */
function amountSql(strapi: Core.Strapi): string {
  const { column } = tableOf(strapi, RECEIVABLE);
  return centsSql(`COALESCE(${column('amount_final')}, ${column('amount_original')})`);
}

/** Rows `{status, count}` of the caller's orders, one per status present. */
export function ordersByStatusStatement(strapi: Core.Strapi, where: ScopeWhere): Query {
  const status = tableOf(strapi, ORDER).column('status_in');
  return scopedFrom(strapi, ORDER, where)
    .select({ status })
    .count({ count: '*' })
    .whereIn(status, [...ORDER_STATUSES])
    .groupBy(status);
}

/** The instants before which a pending receivable is older than 7 and 30 days, measured from `now`. */
export const agedLimits = (now: Date): Date[] => AGED_DAYS.map((days) => new Date(now.getTime() - days * DAY_MS));

/**
 * One row: `count`, `cents` of the caller's pending receivables, and `count_<i>`, `cents_<i>` of those whose
 * payment date is before `agedLimits(now)[i]`.
 */
export function receivablesPendingStatement(strapi: Core.Strapi, where: ScopeWhere, now: Date): Query {
  const { column } = tableOf(strapi, RECEIVABLE);
  const knex = knexOf(strapi);
  const date = column('payment_date');
  const cents = amountSql(strapi);
  const aged = agedLimits(now).flatMap((limit, i) => [
    knex.raw(`SUM(CASE WHEN ${date} < ? THEN 1 ELSE 0 END) AS ??`, [limit, `count_${i}`]),
    knex.raw(`SUM(CASE WHEN ${date} < ? THEN ${cents} ELSE 0 END) AS ??`, [limit, `cents_${i}`]),
  ]);
  return scopedFrom(strapi, RECEIVABLE, where)
    .select(knex.raw('COUNT(*) AS count'), knex.raw(`SUM(${cents}) AS cents`), ...aged)
    .where(column('status_in'), 'pending');
}

/**
 * Rows `{month_index, status, count, cents}` of the caller's paid and pending receivables whose payment
 * date falls in one of `months` (lastMonths), `month_index` its position. The month is one CASE over the
 * months' boundaries, so SQLite and PostgreSQL run the same SQL and the window is a range on payment_date.
 */
export function receivablesMonthlyStatement(strapi: Core.Strapi, where: ScopeWhere, months: Month[]): Query {
  const { column } = tableOf(strapi, RECEIVABLE);
  const knex = knexOf(strapi);
  const date = column('payment_date');
  const status = column('status_in');
  const index = `CASE ${months.map((_, i) => `WHEN ${date} < ? THEN ${i}`).join(' ')} END`;
  return scopedFrom(strapi, RECEIVABLE, where)
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
    .groupByRaw('1, 2');
}

/** The widgets' SQL for one caller at `now`, by endpoint name (what the bench replays): knex's `toSQL()` of each statement. */
export async function homeStatements(strapi: Core.Strapi, scope: Scope, now: Date): Promise<Record<string, { sql: string; bindings: readonly unknown[] }>> {
  const orders = await scopeWhere(strapi, ORDER, scope);
  const receivables = await scopeWhere(strapi, RECEIVABLE, scope);
  const sql = (q: Query) => {
    const { sql: text, bindings } = q.toSQL();
    return { sql: text, bindings };
  };
  return {
    'orders-by-status': sql(ordersByStatusStatement(strapi, orders)),
    'receivables-pending': sql(receivablesPendingStatement(strapi, receivables, now)),
    'receivables-monthly': sql(receivablesMonthlyStatement(strapi, receivables, lastMonths(now, 12))),
  };
}
