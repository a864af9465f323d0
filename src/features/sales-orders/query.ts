import { endOfDay, isValid, parse, startOfDay } from 'date-fns';
import { toCents } from '@/lib/money';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './status';
import type { SalesOrderSearch } from './schema';

/**
 * Strapi query objects for the order list and the lookups (spec 001 §7 "Sales orders").
 * The one API client serialises them with `qs` (`filters[$and][0][id][$eq]=7`).
 */

export type StrapiFilter = Record<string, unknown>;

/** Default page size of every list but receivables (spec 001 §9). */
export const DEFAULT_PAGE_SIZE = 10;

/** Removes accents and lower-cases: 'Cartão de Crédito' → 'cartao de credito'. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** `yyyy-MM-dd` (a local calendar day) → that day's start or end as an ISO instant; invalid → undefined. */
export function dayBoundaryIso(day: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const date = parse(day, 'yyyy-MM-dd', new Date());
  if (!isValid(date)) return undefined;
  return (edge === 'start' ? startOfDay(date) : endOfDay(date)).toISOString();
}

/**
 * Reads a free-text token as a money amount in reais, for the numeric matches of the
 * free-text search: '150', '150,5', '1.500,00', '150.50' → 150 / 150.5 / 1500 / 150.5.
 * Anything that is not a plain number gives undefined.
 */
export function textAsReais(text: string): number | undefined {
  const t = text.trim().replace(/^R\$\s*/i, '');
  let decimal: string;
  if (/^\d+$/.test(t)) decimal = t;
  else if (/^\d+[.,]\d{1,2}$/.test(t)) decimal = t.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) decimal = t.replace(/\./g, '').replace(',', '.');
  else return undefined;
  return toCents(decimal) / 100;
}

/** A text field of a relation matched with `$containsi`, as a nested filter: `rel.field` → `{rel:{field:{$containsi}}}`. */
export function containsi(path: string, value: string): StrapiFilter {
  return nest(path, { $containsi: value });
}

/** `{a:{b:{...leaf}}}` from `a.b`. */
export function nest(path: string, leaf: unknown): StrapiFilter {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((acc, key) => ({ [key]: acc }), leaf) as StrapiFilter;
}

/** Statuses whose label (accent- and case-insensitive) contains the text: 'pag' → ['paid']. */
export function statusesMatching(text: string): OrderStatus[] {
  const needle = foldText(text.trim());
  if (!needle) return [];
  return ORDER_STATUSES.filter((s) => foldText(ORDER_STATUS_LABELS[s]).includes(needle));
}

/**
 * The free-text $or of the order list (spec 001 §7): documentId, status_in, customer cpf_cnpj
 * and name, seller, company and dispatcher names (contains, case-insensitive), plus numeric
 * matches on id and the amounts when the text is a number. A status label ('Pago') also
 * matches its stored value.
 */
export function salesOrderFreeText(q: string): StrapiFilter[] {
  const text = q.trim();
  if (!text) return [];
  const or: StrapiFilter[] = [
    containsi('documentId', text),
    containsi('status_in', text),
    containsi('customer_id.cpf_cnpj', text.replace(/[.\-/\s]/g, '') || text),
    containsi('customer_id.name', text),
    containsi('user_id.username', text),
    containsi('user_id.name', text),
    containsi('user_company_id.name', text),
    containsi('user_company_id.username', text),
    containsi('user_dispatcher_id.name', text),
    containsi('user_dispatcher_id.username', text),
  ];
  for (const status of statusesMatching(text)) or.push({ status_in: { $eq: status } });
  if (/^\d+$/.test(text) && Number(text) <= 2_147_483_647) or.push({ id: { $eq: Number(text) } });
  const reais = textAsReais(text);
  if (reais !== undefined) {
    for (const field of ['vehicle_price', 'original_amount', 'current_amount']) or.push({ [field]: { $eq: reais } });
  }
  return or;
}

/** Name/username/email of a user relation, any of them containing the text. */
export function userNameFilter(relationField: string, text: string): StrapiFilter {
  return {
    $or: [containsi(`${relationField}.name`, text), containsi(`${relationField}.username`, text), containsi(`${relationField}.email`, text)],
  };
}

/**
 * `GET /sales-orders` query for the list (spec 001 §7): populate=*, the filters ANDed
 * (ID $eq; Data Inicial/Final as billing_date $gte start-of-day / $lte end-of-day ISO;
 * Despachante, Concessionária and Vendedor by name/username/email contains; CPF/CNPJ do
 * Cliente contains on the digits; Situação $eq; the free-text $or), pagination and
 * `sort[0]=field:asc|desc`.
 */
export function salesOrderListQuery(search: SalesOrderSearch): Record<string, unknown> {
  const and: StrapiFilter[] = [];
  if (search.id) and.push({ id: { $eq: search.id } });
  const from = dayBoundaryIso(search.from, 'start');
  const to = dayBoundaryIso(search.to, 'end');
  if (from || to) and.push({ billing_date: { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) } });
  if (search.dispatcher) {
    and.push({ $or: [...userNameFilter('user_dispatcher_id', search.dispatcher).$or as StrapiFilter[], containsi('vehicle_documentation_company_id.trade_name', search.dispatcher)] });
  }
  if (search.company) and.push(userNameFilter('user_company_id', search.company));
  if (search.seller) and.push(userNameFilter('user_id', search.seller));
  if (search.customer) {
    const digits = search.customer.replace(/[.\-/\s]/g, '');
    and.push(containsi('customer_id.cpf_cnpj', digits || search.customer));
  }
  if (search.status) and.push({ status_in: { $eq: search.status } });
  const or = salesOrderFreeText(search.q ?? '');
  if (or.length) and.push({ $or: or });

  const query: Record<string, unknown> = {
    populate: '*',
    pagination: { page: search.page ?? 1, pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE },
  };
  if (search.sort) query.sort = [`${search.sort}:${search.dir ?? 'asc'}`];
  if (and.length) query.filters = { $and: and };
  return query;
}

/** Select options of orders: `fields[0]=id&fields[1]=documentId&pagination[pageSize]=100` (spec 001 §7). */
export const SALES_ORDER_OPTIONS_QUERY = { fields: ['id', 'documentId'], pagination: { pageSize: 100 }, sort: ['id:desc'] } as const;

/** Users of a type for a select: `filters[type][$eq]=dispatcher|company&pagination[pageSize]=100` (spec 001 §7, §9). */
export function usersByTypeQuery(type: 'dispatcher' | 'company'): Record<string, unknown> {
  return { filters: { type: { $eq: type } }, pagination: { pageSize: 100 } };
}

/** Payments of an order: receivables by `pedido_id`, with their payment method, newest first (up to 100). */
export function orderPaymentsQuery(orderId: number): Record<string, unknown> {
  return {
    filters: { pedido_id: { $eq: orderId } },
    populate: ['payment_method_id'],
    sort: ['payment_date:desc', 'id:desc'],
    pagination: { page: 1, pageSize: 100 },
  };
}

/** Documents of an order: `filters[sales_order][id][$eq]=N&populate=*&_t=<ts>` (spec 001 §7; `_t` defeats caches). */
export function orderDocumentsQuery(orderId: number, now: number = Date.now()): Record<string, unknown> {
  return { filters: { sales_order: { id: { $eq: orderId } } }, populate: '*', pagination: { pageSize: 100 }, _t: now };
}

/** Document types of the order's dealership: `filters[user_company_id][id][$eq]=N&populate=*` (spec 001 §7). */
export function documentTypesQuery(companyUserId?: number | null): Record<string, unknown> {
  const query: Record<string, unknown> = { populate: '*', pagination: { pageSize: 100 }, sort: ['name:asc'] };
  if (companyUserId) query.filters = { user_company_id: { id: { $eq: companyUserId } } };
  return query;
}
