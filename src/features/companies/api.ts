import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
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

/**
 * POST /companies/createDispatcher {data} (spec 001 §7 "Dispatchers", §9): the server sets type
 * dispatcher and creates the login user (username from the CNPJ; a placeholder e-mail when none is
 * given). The state goes as a connect by id. @throws ApiError (409 when the CNPJ or e-mail is taken)
 */
export async function createDispatcher(data: CompanyPayload): Promise<Company> {
  const body = { ...data, address_state_id: { connect: [data.address_state_id] } };
  return (await api.post('/companies/createDispatcher', { data: body }, { schema: singleSchema(companySchema) })).data;
}

/** DELETE /companies/deleteDispatcher/{documentId}: the dispatcher, its agreements and its login user. @throws ApiError */
export async function deleteDispatcher(documentId: string): Promise<void> {
  await api.delete(`/companies/deleteDispatcher/${encodeURIComponent(documentId)}`);
}

/**
 * The existence checks before creating a dispatcher (spec 001 §7 "existence checks for username
 * and e-mail via GET /companies filtered by those fields"): the CNPJ (the login's username) and the
 * e-mail. Returns the message to show, or null when both are free.
 */
export async function dispatcherTakenMessage(cnpj: string, email: string | null, signal?: AbortSignal): Promise<string | null> {
  const taken = async (filters: Record<string, unknown>) =>
    (
      await api.get('/companies', {
        query: { filters, fields: ['id'], pagination: { page: 1, pageSize: 1 } },
        schema: pagedSchema(z.looseObject({ id: z.number() })),
        signal,
      })
    ).meta.pagination.total > 0;
  if (await taken({ cnpj: { $eq: cnpj } })) return 'Já existe uma empresa com este CNPJ.';
  if (email && (await taken({ email: { $eqi: email } }))) return 'Já existe uma empresa com este e-mail.';
  return null;
}
