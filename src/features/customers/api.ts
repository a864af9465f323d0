import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { customerSchema, type Customer, type CustomerPayload } from './schema';

/** The data layer of customers (spec 001 §7 "Customers"). */
export const customerKeys = {
  all: () => userQueryKey('customers'),
  list: (input: ListQueryInput) => [...customerKeys.all(), 'list', input] as const,
  detail: (id: string) => [...customerKeys.all(), 'detail', id] as const,
};

const PATH = '/customers';
const customerPage = pagedSchema(customerSchema);

/** The server-side part of the list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const customerListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/**
 * Strapi query of the list (spec 001 §7): id `$eq`; name, cpf_cnpj, email, phone_number
 * `$containsi`. CPF/CNPJ and phone are stored bare, so their filter text loses its punctuation
 * ('123.456' finds '12345678909'; '(11) 9' finds '119...').
 */
export function customerListQuery(input: ListQueryInput) {
  const filters = input.filters ? { ...input.filters } : undefined;
  if (filters?.cpf_cnpj) filters.cpf_cnpj = filters.cpf_cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '') || filters.cpf_cnpj;
  if (filters?.phone_number) filters.phone_number = filters.phone_number.replace(/\D/g, '') || filters.phone_number;
  return toStrapiListQuery({ ...input, ...(filters ? { filters } : {}) }, { id: '$eq' });
}

export const customerQueries = {
  /** GET /customers for the list screen. A failure shows the empty list and toasts 'Erro ao carregar os clientes: {message}'. */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: customerKeys.list(input),
      queryFn: ({ signal }) => api.get(PATH, { query: customerListQuery(input), schema: customerPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os clientes: {message}' },
    }),
  /** GET /customers/{documentId}; a 4xx is not retried (the form toasts and goes back to the list). */
  detail: (id: string) =>
    queryOptions({
      queryKey: customerKeys.detail(id),
      queryFn: async ({ signal }) => (await api.get(`${PATH}/${encodeURIComponent(id)}`, { schema: singleSchema(customerSchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** POST /customers {data}. @throws ApiError (409 'CPF/CNPJ já cadastrado', 400 with the rule's message) */
export async function createCustomer(data: CustomerPayload): Promise<Customer> {
  return (await api.post(PATH, { data }, { schema: singleSchema(customerSchema) })).data;
}

/** PUT /customers/{documentId} {data}. @throws ApiError (403 when the customer is in another party's orders) */
export async function updateCustomer(documentId: string, data: CustomerPayload): Promise<Customer> {
  return (await api.put(`${PATH}/${encodeURIComponent(documentId)}`, { data }, { schema: singleSchema(customerSchema) })).data;
}

/** DELETE /customers/{documentId}. @throws ApiError */
export async function deleteCustomer(documentId: string): Promise<void> {
  await api.delete(`${PATH}/${encodeURIComponent(documentId)}`);
}
