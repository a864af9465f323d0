import { containsi, foldText, textAsReais, dayBoundaryIso, userNameFilter, type StrapiFilter } from '@/lib/api/filters';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@/shared/order-status';
import { salesOrderResource } from './resource';
import type { SalesOrderSearch } from './schema';

/** Default page size of every list but receivables (spec 001 §9). */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * The Strapi query object (what `api.get` turns into a query string with `qs`) of the order list
 * (spec 001 §7 "Sales orders"). The queryOptions that use it are in api.ts.
 */

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
    and.push({
      $or: [
        ...(userNameFilter('user_dispatcher_id', search.dispatcher).$or as StrapiFilter[]),
        containsi('vehicle_documentation_company_id.trade_name', search.dispatcher),
      ],
    });
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
    populate: salesOrderResource.list.populate,
    pagination: { page: search.page ?? 1, pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE },
  };
  if (search.sort) query.sort = [`${search.sort}:${search.dir ?? 'asc'}`];
  if (and.length) query.filters = { $and: and };
  return query;
}
