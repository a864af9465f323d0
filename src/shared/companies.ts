import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api/client';
import { retryUnlessClientError } from '@/lib/api/collection';
import { singleSchema } from '@/lib/api/strapi';
import { userQueryKey } from '@/lib/session';

/**
 * Companies (spec 001 §3 "Company / dispatcher / dealership") as the two features on the company
 * API read them: dealerships (features/companies) and dispatchers (features/despachantes, which
 * also edit through the company form). One content type, two kinds.
 */

/** The state of a company's address as populated (`populate[0]=address_state_id`). */
export const companyStateSchema = z.looseObject({ id: z.number(), name: z.string().nullish(), abbreviation: z.string().nullish() });

/**
 * A company as GET /companies answers it: trade_name, legal_name, cnpj (bare: digits, or the
 * letters of an alphanumeric CNPJ), the address (state populated), email, phone_number (digits),
 * is_active, type.
 */
export const companySchema = z.looseObject({
  id: z.number(),
  documentId: z.string(),
  trade_name: z.string().nullish(),
  legal_name: z.string().nullish(),
  cnpj: z.string().nullish(),
  address_street: z.string().nullish(),
  address_number: z.string().nullish(),
  address_postal_code: z.string().nullish(),
  address_city: z.string().nullish(),
  address_state_id: companyStateSchema.nullish(),
  email: z.string().nullish(),
  phone_number: z.string().nullish(),
  is_active: z.boolean().nullish(),
  type: z.string().nullish(),
  createdAt: z.string().nullish(),
});
export type Company = z.infer<typeof companySchema>;

/** The state shown in lists: its abbreviation, else its name (spec 001 §2), else ''. */
export const companyStateLabel = (c: Pick<Company, 'address_state_id'>) => c.address_state_id?.abbreviation || c.address_state_id?.name || '';

/** A dispatcher: a company of type dispatcher with its login user (`user_id`, spec 001 §3). */
export const dispatcherSchema = companySchema.extend({
  user_id: z
    .union([z.looseObject({ id: z.number() }), z.number()])
    .nullish()
    .transform((v) => (typeof v === 'number' ? { id: v } : (v ?? null))),
});
export type Dispatcher = z.infer<typeof dispatcherSchema>;

/** True for the dispatcher type and the spec's misspelt variant 'dispacher' (spec 001 §1). */
export const isDispatcherType = (type: string | null | undefined) => type === 'dispatcher' || type === 'dispacher';

/** The error a dispatcher load throws when the record is not a dispatcher (spec 001 §8 "Other"). */
export class NotADispatcherError extends Error {
  constructor() {
    super('Registro encontrado não é um despachante.');
  }
}

/** The root of the dispatchers' query keys: a save of a dispatcher invalidates it. */
export const dispatcherKeysRoot = () => userQueryKey('despachantes');

/**
 * One dispatcher: GET /companies/{id}?populate=address_state_id,user_id (documentId or numeric id).
 * @throws NotADispatcherError when the record is a dealership; ApiError 404 when missing
 */
export const dispatcherDetail = (id: string) =>
  queryOptions({
    queryKey: [...dispatcherKeysRoot(), 'detail', id],
    queryFn: async ({ signal }): Promise<Dispatcher> => {
      const found = (
        await api.get(`/companies/${encodeURIComponent(id)}`, {
          query: { populate: ['address_state_id', 'user_id'] },
          schema: singleSchema(dispatcherSchema),
          signal,
        })
      ).data;
      if (!isDispatcherType(found.type)) throw new NotADispatcherError();
      return found;
    },
    retry: (count, error) => !(error instanceof NotADispatcherError) && retryUnlessClientError(count, error),
  });
