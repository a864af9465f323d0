import { keepPreviousData, queryOptions } from '@tanstack/react-query';
// zod/mini (issue 14): see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { api, isApiError, pagedSchema, singleSchema } from '@/lib/api';
import { salesOrderKeys } from './keys';
import { orderDocumentsQuery, orderPaymentsQuery, salesOrderListQuery } from './strapi-query';
import { orderDocumentSchema, orderPaymentSchema, salesOrderSchema, type OrderDocument, type SalesOrderPayload, type SalesOrderSearch } from './schema';

/**
 * The data layer of sales orders: their queries (list, detail, options, an order's payments and
 * documents) and the order writes (spec 001 §7). Payments and document uploads on an order, and
 * their offline outbox handlers, are in ./payments-documents-api.ts, so the list does not load the
 * upload, receivable and outbox code (issue 13); receivable writes are in features/receivables/api.ts,
 * lookups in their own features. Every call goes
 * through the one client in `lib/api` (bearer token, qs, zod, ApiError). Money in the parsed
 * records is in centavos (see schema.ts). Query keys start with the signed-in user's id.
 */

export { OUTBOX_KINDS, salesOrderKeys } from './keys';

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
      meta: { errorMessage: 'Erro ao carregar os pedidos: {message}' },
    }),
  detail: (documentId: string) =>
    queryOptions({
      queryKey: salesOrderKeys.detail(documentId),
      queryFn: ({ signal }) => fetchSalesOrder(documentId, signal),
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
  /** Payments (receivables) of an order by `pedido_id`, newest first. */
  payments: (orderId: number) =>
    queryOptions({
      queryKey: salesOrderKeys.payments(orderId),
      queryFn: async ({ signal }) =>
        (await api.get('/receivables', { query: orderPaymentsQuery(orderId), schema: pagedSchema(orderPaymentSchema), signal })).data,
    }),
  documents: (orderId: number) =>
    queryOptions({
      queryKey: salesOrderKeys.documents(orderId),
      queryFn: ({ signal }) => fetchOrderDocuments(orderId, signal),
    }),
};

const orderDocumentPage = pagedSchema(orderDocumentSchema);

/**
 * GET /sales-order-documents?filters[sales_order][id][$eq]=N&populate=*&_t=ts (spec 001 §7); if
 * the filtered call fails, loads all and filters locally (the spec's fallback).
 * @throws ApiError when both fail.
 */
export async function fetchOrderDocuments(orderId: number, signal?: AbortSignal): Promise<OrderDocument[]> {
  try {
    return (await api.get('/sales-order-documents', { query: orderDocumentsQuery(orderId), schema: orderDocumentPage, signal })).data;
  } catch (error) {
    if (signal?.aborted || (isApiError(error) && (error.status === 401 || error.status === 403))) throw error;
    const all = await api.get('/sales-order-documents', {
      query: { populate: '*', pagination: { pageSize: 100 }, _t: Date.now() },
      schema: orderDocumentPage,
      signal,
    });
    return all.data.filter((d) => d.sales_order?.id === orderId);
  }
}

/* ------------------------------------------------------------------ order writes */

/** POST /sales-orders {data} → the created order's documentId. @throws ApiError (message: server's or HTTP status) */
export async function createSalesOrder(data: SalesOrderPayload) {
  const answer = await api.post('/sales-orders', { data }, { schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) });
  return answer.data;
}

/** PUT /sales-orders/{documentId} {data}. @throws ApiError */
export async function updateSalesOrder(documentId: string, data: SalesOrderPayload) {
  const answer = await api.put(
    `/sales-orders/${encodeURIComponent(documentId)}`,
    { data },
    { schema: singleSchema(z.looseObject({ id: z.number(), documentId: z.string() })) },
  );
  return answer.data;
}

/** DELETE /sales-orders/{documentId}. @throws ApiError */
export async function deleteSalesOrder(documentId: string): Promise<void> {
  await api.delete(`/sales-orders/${encodeURIComponent(documentId)}`);
}
