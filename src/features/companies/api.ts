import { z } from 'zod';
import { api, pagedSchema, singleSchema } from '@/lib/api';
import { collection } from '@/lib/api/collection';
import { companyResource } from './resource';
import { companySchema, type Company, type CompanyPayload } from './schema';

/**
 * The data layer of dealerships (spec 001 §7 "Companies (dealerships)"): the register's list
 * (`type $eq company`, the state populated: its declaration), record (its state populated) and
 * writes; a failed list toasts 'Erro ao carregar as concessionárias: {message}' (spec 001 §8's
 * pattern, its article agreeing with the noun: docs/decisions.md).
 */
export const companyData = collection(companyResource, {
  schema: companySchema,
  loadError: 'Erro ao carregar as concessionárias: {message}',
  populate: ['address_state_id'],
});

/**
 * POST /companies/createDispatcher {data} (spec 001 §7 "Dispatchers", §9): the server sets type
 * dispatcher and creates the login user (username from the CNPJ; a placeholder e-mail when none is
 * given). The state goes as a connect by id (`{connect: [{id}]}`, spec 001 §9).
 * @throws ApiError (409 when the CNPJ or e-mail is taken)
 */
export async function createDispatcher(data: CompanyPayload): Promise<Company> {
  const body = { ...data, address_state_id: { connect: [{ id: data.address_state_id }] } };
  return (await api.post('/companies/createDispatcher', { data: body }, { schema: singleSchema(companySchema) })).data;
}

/**
 * The login username the server gives a new dispatcher: its CNPJ's characters when they are 11 to
 * 14 (docs/decisions.md "Dispatchers are created with their login"), else one it generates (null).
 */
export function dispatcherUsername(cnpj: string): string | null {
  return cnpj.length >= 11 && cnpj.length <= 14 ? cnpj : null;
}

/**
 * The existence checks before creating a dispatcher (spec 001 §7 "existence checks for username
 * and e-mail via GET /companies filtered by those fields"), sent together: a company whose login
 * has the username the new one would get (`filters[user_id][username][$eq]`), one with the
 * e-mail, and — ours — one with the CNPJ (a dealership without a login). `cnpj` is bare. Returns
 * the message to show, or null when all are free. @throws ApiError when a check fails
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
  const username = dispatcherUsername(cnpj);
  const [byCnpj, byUsername, byEmail] = await Promise.all([
    taken({ cnpj: { $eq: cnpj } }),
    username ? taken({ user_id: { username: { $eq: username } } }) : false,
    email ? taken({ email: { $eqi: email } }) : false,
  ]);
  if (byCnpj) return 'Já existe uma empresa com este CNPJ.';
  if (byUsername) return 'Já existe um usuário com este CNPJ.';
  if (byEmail) return 'Já existe uma empresa com este e-mail.';
  return null;
}
