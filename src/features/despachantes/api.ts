import { queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema } from '@/lib/api';
import { despachanteResource } from './resource';
import { companySchema, dispatcherDetail, dispatcherKeysRoot } from '@/shared/companies';
import { agreementSchema, type Agreement, type Incentives } from './schema';

/** The data layer of dispatchers and their dealership agreements (spec 001 §7 "Dispatchers", "Agreements"). */
export const dispatcherKeys = {
  all: dispatcherKeysRoot,
  list: () => [...dispatcherKeys.all(), 'list'] as const,
  detail: (id: string) => [...dispatcherKeys.all(), 'detail', id] as const,
  agreements: (dispatcherUserId: number) => [...dispatcherKeys.all(), 'agreements', dispatcherUserId] as const,
  dealerships: () => [...dispatcherKeys.all(), 'dealerships'] as const,
};

/** The fields of the dispatcher list (spec 001 §7: "pageSize 100 and selected fields"). */
const LIST_FIELDS = ['trade_name', 'legal_name', 'cnpj', 'type', 'documentId'];

export const dispatcherQueries = {
  /** GET /companies with type in dispatcher (and 'dispacher'), 100 records, selected fields. Failure: 'Erro ao buscar despachantes.' */
  list: () =>
    queryOptions({
      queryKey: dispatcherKeys.list(),
      queryFn: async ({ signal }) =>
        (
          await api.get(despachanteResource.path, {
            query: {
              filters: despachanteResource.list.where,
              fields: LIST_FIELDS,
              sort: ['trade_name:asc'],
              pagination: { page: 1, pageSize: 100 },
            },
            schema: pagedSchema(companySchema),
            signal,
          })
        ).data,
      retry: 0,
      meta: { errorMessage: 'Erro ao buscar despachantes.', useServerMessage: false },
    }),
  /** One dispatcher (src/shared/companies.ts; the company form loads it too). */
  detail: dispatcherDetail,
  /** GET /company-agreements?populate=*&filters[user_dispatcher_id][id][$eq]={user id}. */
  agreements: (dispatcherUserId: number) =>
    queryOptions({
      queryKey: dispatcherKeys.agreements(dispatcherUserId),
      queryFn: async ({ signal }) =>
        (
          await api.get('/company-agreements', {
            query: {
              populate: '*',
              filters: { user_dispatcher_id: { id: { $eq: dispatcherUserId } } },
              sort: ['id:asc'],
              pagination: { page: 1, pageSize: 100 },
            },
            schema: pagedSchema(agreementSchema),
            signal,
          })
        ).data,
      meta: { errorMessage: 'Erro ao buscar concessionárias.', useServerMessage: false },
    }),
  /**
   * The dealerships to link (companies of type company with a login account — an agreement links
   * the two logins — up to 100 by name). Failure: 'Erro ao buscar concessionárias.'
   */
  dealerships: () =>
    queryOptions({
      queryKey: dispatcherKeys.dealerships(),
      queryFn: async ({ signal }) =>
        (
          await api.get('/companies', {
            query: {
              filters: { type: { $eq: 'company' }, user_id: { id: { $notNull: true } } },
              fields: ['trade_name', 'legal_name', 'cnpj'],
              sort: ['trade_name:asc'],
              pagination: { page: 1, pageSize: 100 },
            },
            schema: pagedSchema(companySchema),
            signal,
          })
        ).data,
      meta: { errorMessage: 'Erro ao buscar concessionárias.', useServerMessage: false },
    }),
};

/**
 * PUT /companies/{documentId}/updateCompanies (spec 001 §7): links the dispatcher to the listed
 * dealerships (company record ids) with the incentives (percent 0–100). @throws ApiError
 */
export async function updateDispatcherCompanies(dispatcherDocumentId: string, companyIds: number[], incentives: Incentives): Promise<void> {
  await api.put(`/companies/${encodeURIComponent(dispatcherDocumentId)}/updateCompanies`, {
    data: { companies: companyIds.map((id) => ({ id })), ...incentives },
  });
}

const agreementPage = pagedSchema(agreementSchema);

/**
 * Saves one agreement's incentives (spec 001 §7 "Agreements", §8 "Dispatcher links"): PUT
 * /company-agreements/{documentId}; a 404 looks the pair up (dispatcher and dealership users) and
 * updates what it finds, else creates the agreement. Returns which happened.
 * @throws ApiError of the failing call
 */
export async function saveAgreementIncentives(agreement: Agreement, dispatcherUserId: number, incentives: Incentives): Promise<'updated' | 'created'> {
  const data = { dispatcher_profit_percentage: incentives.incentivoDespachante, company_profit_percentage: incentives.incentivoConcessionaria };
  try {
    await api.put(`/company-agreements/${encodeURIComponent(agreement.documentId)}`, { data });
    return 'updated';
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  const companyUserId = agreement.user_company_id?.id;
  const existing = (
    await api.get('/company-agreements', {
      query: {
        filters: { user_dispatcher_id: { id: { $eq: dispatcherUserId } }, ...(companyUserId ? { user_company_id: { id: { $eq: companyUserId } } } : {}) },
      },
      schema: agreementPage,
    })
  ).data[0];
  if (existing) {
    await api.put(`/company-agreements/${encodeURIComponent(existing.documentId)}`, { data });
    return 'updated';
  }
  await api.post('/company-agreements', { data: { user_dispatcher_id: dispatcherUserId, user_company_id: companyUserId, ...data } });
  return 'created';
}

/** DELETE /company-agreements/{documentId}. @throws ApiError */
export async function deleteAgreement(documentId: string): Promise<void> {
  await api.delete(`/company-agreements/${encodeURIComponent(documentId)}`);
}

/** DELETE /companies/deleteDispatcher/{documentId}: the dispatcher, its agreements and its login user. @throws ApiError */
export async function deleteDispatcher(documentId: string): Promise<void> {
  await api.delete(`/companies/deleteDispatcher/${encodeURIComponent(documentId)}`);
}
