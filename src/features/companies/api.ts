import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { companySchema, type Company, type CompanyPayload } from './schema';

/** The data layer of dealerships (spec 001 §7 "Companies (dealerships)"). */
export const companyKeys = {
  all: () => userQueryKey('companies'),
  list: (input: ListQueryInput) => [...companyKeys.all(), 'list', input] as const,
  detail: (id: string) => [...companyKeys.all(), 'detail', id] as const,
};

const companyPage = pagedSchema(companySchema);
const POPULATE_STATE = ['address_state_id'];

/** The server-side part of the list's URL state (the search box filters the page on the client: spec 000 §2.4). */
export const companyListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/**
 * Strapi query of the 'Concessionárias' list: `populate[0]=address_state_id`, id and is_active
 * `$eq`, trade_name, legal_name, cnpj, email, phone_number, address_city `$containsi`, sort, page;
 * always `type $eq company` — dispatchers are companies too and have their own screen
 * (docs/decisions.md).
 */
export function companyListQuery(input: ListQueryInput): Record<string, unknown> {
  const query = toStrapiListQuery(input, { id: '$eq', is_active: '$eq' });
  return { ...query, populate: POPULATE_STATE, filters: { ...((query.filters as object | undefined) ?? {}), type: { $eq: 'company' } } };
}

export const companyQueries = {
  /** GET /companies for the list screen. A failure toasts 'Erro ao carregar os concessionárias: {message}' (spec 001 §8) and shows the empty list. */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: companyKeys.list(input),
      queryFn: ({ signal }) => api.get('/companies', { query: companyListQuery(input), schema: companyPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os concessionárias: {message}' },
    }),
  /** GET /companies/{id}?populate[0]=address_state_id (documentId or numeric id). */
  detail: (id: string) =>
    queryOptions({
      queryKey: companyKeys.detail(id),
      queryFn: async ({ signal }) =>
        (await api.get(`/companies/${encodeURIComponent(id)}`, { query: { populate: POPULATE_STATE }, schema: singleSchema(companySchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** POST /companies {data} (type company by the server's default). @throws ApiError ('Erro ao criar empresa') */
export async function createCompany(data: CompanyPayload): Promise<Company> {
  return (await api.post('/companies', { data }, { schema: singleSchema(companySchema) })).data;
}

/** PUT /companies/{documentId} {data}. @throws ApiError ('Erro ao atualizar empresa') */
export async function updateCompany(documentId: string, data: CompanyPayload): Promise<Company> {
  return (await api.put(`/companies/${encodeURIComponent(documentId)}`, { data }, { schema: singleSchema(companySchema) })).data;
}

/** DELETE /companies/{documentId}. @throws ApiError */
export async function deleteCompany(documentId: string): Promise<void> {
  await api.delete(`/companies/${encodeURIComponent(documentId)}`);
}
