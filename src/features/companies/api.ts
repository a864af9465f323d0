import { z } from 'zod';
import { api, pagedSchema, singleSchema } from '@/lib/api';
import { collection } from '@/lib/api/collection';
import { companyResource } from './resource';
import { companySchema, type Company, type CompanyPayload } from './schema';

/**
 * The data layer of dealerships (spec 001 §7 "Companies (dealerships)"): the register's list
 * (`type $eq company`, the state populated: its declaration), record (its state populated) and
 * writes; a failed list toasts 'Erro ao carregar os concessionárias: {message}' (spec 001 §8).
 */
export const companyData = collection(companyResource, {
  schema: companySchema,
  loadError: 'Erro ao carregar os concessionárias: {message}',
  populate: ['address_state_id'],
});

/**
 * POST /companies/createDispatcher {data} (spec 001 §7 "Dispatchers", §9): the server sets type
 * dispatcher and creates the login user (username from the CNPJ; a placeholder e-mail when none is
 * given). The state goes as a connect by id. @throws ApiError (409 when the CNPJ or e-mail is taken)
 */
export async function createDispatcher(data: CompanyPayload): Promise<Company> {
  const body = { ...data, address_state_id: { connect: [data.address_state_id] } };
  return (await api.post('/companies/createDispatcher', { data: body }, { schema: singleSchema(companySchema) })).data;
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
