import { queryOptions } from '@tanstack/react-query';
import { api, pagedSchema } from '@/lib/api';
import { userQueryKey } from '@/lib/session';
import { paymentMethodRefSchema } from './schema';

/** The data layer of payment methods (spec 001 §7). Today: the select options. */

export const paymentMethodKeys = {
  all: () => userQueryKey('payment-methods'),
  options: () => [...paymentMethodKeys.all(), 'options'] as const,
};

/** `GET /payment-methods` query of the select options: name, max_installments, is_active; page 1 of 100, by name. */
export const PAYMENT_METHOD_OPTIONS_QUERY = {
  fields: ['name', 'max_installments', 'is_active'],
  pagination: { page: 1, pageSize: 100 },
  sort: ['name:asc'],
} as const;

export const paymentMethodQueries = {
  /** Payment methods `{id, name, max_installments, is_active}` for the payment selects (spec 001 §7). */
  options: () =>
    queryOptions({
      queryKey: paymentMethodKeys.options(),
      queryFn: async ({ signal }) =>
        (await api.get('/payment-methods', { query: { ...PAYMENT_METHOD_OPTIONS_QUERY }, schema: pagedSchema(paymentMethodRefSchema), signal })).data,
      staleTime: 5 * 60_000,
    }),
};
