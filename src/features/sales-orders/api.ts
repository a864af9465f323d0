import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api, ifMatchHeaders, isApiError, pagedSchema, singleSchema, type RequestScope } from '@/lib/api';
import { listRequestMeta } from '@/lib/api/list-request';
import { salesOrderKeys } from './keys';
import { salesOrderListQuery } from './strapi-query';
import { salesOrderSchema, type SalesOrderPayload, type SalesOrderSearch } from './schema';

/**
 * The data layer of sales orders: their queries (list, detail) and the order writes (spec 001 §7).
 * An order's payments and documents are features of their own (features/order-payments,
 * features/order-documents). Every call goes through the one client in `lib/api` (bearer token,
 * qs, zod, ApiError). Money in the parsed records is in centavos (see schema.ts). Query keys
 * start with the signed-in user's id.
 */

export { salesOrderKeys } from './keys';

const salesOrderPage = pagedSchema(salesOrderSchema);

/**
 * GET /sales-orders?populate=*&filters..&pagination..&sort[0]=.. (spec 001 §7).
 * @throws ApiError — the list screen shows the empty list and 'Erro ao carregar os pedidos: {message}'.
 */
export function fetchSalesOrders(search: SalesOrderSearch, signal?: AbortSignal) {
  return api.get('/sales-orders', { query: salesOrderListQuery(search), schema: salesOrderPage, signal });
}

/** GET /sales-orders/{documentId}?populate=* → the order (money in centavos). @throws ApiError (404 when missing) */
export async function fetchSalesOrder(documentId: string, signal?: AbortSignal) {
  const answer = await api.get(`/sales-orders/${encodeURIComponent(documentId)}`, { query: { populate: '*' }, schema: singleSchema(salesOrderSchema), signal });
  return answer.data;
}

export const salesOrderQueries = {
  /** The order list for a search; keeps the previous page on screen while the next loads. */
  list: (search: SalesOrderSearch) =>
    queryOptions({
      queryKey: salesOrderKeys.list(search),
      queryFn: ({ signal }) => fetchSalesOrders(search, signal),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os pedidos: {message}', ...listRequestMeta('/sales-orders', salesOrderListQuery(search)) },
    }),
  detail: (documentId: string) =>
    queryOptions({
      queryKey: salesOrderKeys.detail(documentId),
      queryFn: ({ signal }) => fetchSalesOrder(documentId, signal),
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/* ------------------------------------------------------------------ order writes */

/** POST /sales-orders {data} → the created order's documentId. @throws ApiError (message: server's or HTTP status) */
export async function createSalesOrder(data: SalesOrderPayload) {
  const answer = await api.post('/sales-orders', { data }, { schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) });
  return answer.data;
}

/**
 * PUT /sales-orders/{documentId} {data} (all of the form's fields, or some: a queued edit sends only
 * the ones the user changed), started from `version` (the order's `updatedAt` as loaded: `If-Match`).
 * `scope`: the outbox item's owner and abort signal.
 * @throws ApiError (409 `ConflictError` with the current version when the order changed since `version`)
 */
export async function updateSalesOrder(documentId: string, data: Partial<SalesOrderPayload>, version?: string, scope: RequestScope = {}) {
  const answer = await api.put(
    `/sales-orders/${encodeURIComponent(documentId)}`,
    { data },
    { ...scope, headers: ifMatchHeaders(version), schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) },
  );
  return answer.data;
}

/** DELETE /sales-orders/{documentId}. @throws ApiError */
export async function deleteSalesOrder(documentId: string): Promise<void> {
  await api.delete(`/sales-orders/${encodeURIComponent(documentId)}`);
}
