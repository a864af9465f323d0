import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { paymentMethodRefSchema, paymentMethodSchema, type PaymentMethod, type PaymentMethodPayload } from './schema';

/** The data layer of payment methods (spec 001 §7 "Payment methods"): the select options and the register screens. */

export const paymentMethodKeys = {
  all: () => userQueryKey('payment-methods'),
  options: () => [...paymentMethodKeys.all(), 'options'] as const,
  list: (input: ListQueryInput) => [...paymentMethodKeys.all(), 'list', input] as const,
  detail: (id: string) => [...paymentMethodKeys.all(), 'detail', id] as const,
};

/** `GET /payment-methods` query of the select options: name, max_installments, is_active; page 1 of 100, by name. */
export const PAYMENT_METHOD_OPTIONS_QUERY = {
  fields: ['name', 'max_installments', 'is_active'],
  pagination: { page: 1, pageSize: 100 },
  sort: ['name:asc'],
} as const;

/** The API path of the collection. */
const PATH = '/payment-methods';
const paymentMethodPage = pagedSchema(paymentMethodSchema);

/** The server-side part of the list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const paymentMethodListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/** Strapi query of the list: id, is_online_payment and is_active `$eq` (the flags as booleans), name `$containsi`. */
export const paymentMethodListQuery = (input: ListQueryInput) => toStrapiListQuery(input, { id: '$eq', is_online_payment: '$eq', is_active: '$eq' });

export const paymentMethodQueries = {
  /** Payment methods `{id, name, max_installments, is_active}` for the payment selects (spec 001 §7). */
  options: () =>
    queryOptions({
      queryKey: paymentMethodKeys.options(),
      queryFn: async ({ signal }) =>
        (await api.get(PATH, { query: { ...PAYMENT_METHOD_OPTIONS_QUERY }, schema: pagedSchema(paymentMethodRefSchema), signal })).data,
      staleTime: 5 * 60_000,
    }),
  /**
   * GET /payment-methods for the list screen (pages of 5–50: never the service worker's cached
   * lookup). A failure shows the empty list and toasts 'Erro ao carregar os meios de pagamento: {message}'.
   */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: paymentMethodKeys.list(input),
      queryFn: ({ signal }) => api.get(PATH, { query: paymentMethodListQuery(input), schema: paymentMethodPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os meios de pagamento: {message}' },
    }),
  /** GET /payment-methods/{documentId}; a 4xx is not retried (the form toasts and goes back to the list). */
  detail: (id: string) =>
    queryOptions({
      queryKey: paymentMethodKeys.detail(id),
      queryFn: async ({ signal }) => (await api.get(`${PATH}/${encodeURIComponent(id)}`, { schema: singleSchema(paymentMethodSchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** POST /payment-methods {data}. @throws ApiError */
export async function createPaymentMethod(data: PaymentMethodPayload): Promise<PaymentMethod> {
  return (await api.post(PATH, { data }, { schema: singleSchema(paymentMethodSchema) })).data;
}

/** PUT /payment-methods/{documentId} {data}. @throws ApiError */
export async function updatePaymentMethod(documentId: string, data: PaymentMethodPayload): Promise<PaymentMethod> {
  return (await api.put(`${PATH}/${encodeURIComponent(documentId)}`, { data }, { schema: singleSchema(paymentMethodSchema) })).data;
}

/** DELETE /payment-methods/{documentId}. @throws ApiError */
export async function deletePaymentMethod(documentId: string): Promise<void> {
  await api.delete(`${PATH}/${encodeURIComponent(documentId)}`);
}
