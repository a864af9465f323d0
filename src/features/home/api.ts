import { queryOptions } from '@tanstack/react-query';
// zod/mini: the home is the first screen after sign-in (lib/api/strapi.ts).
import * as z from 'zod/mini';
import { api } from '@/lib/api';
import { userQueryKey } from '@/lib/session';

/**
 * The home's data layer (docs/frontend.md "The home"): one query per widget, each one GET of
 * `/dashboard/*` (docs/architecture.md "The home's figures"). The server answers in the caller's
 * data scope; money comes as whole centavos (`cents`). Query keys start with the user id, so the
 * persisted cache shows a user's last figures offline and never another user's.
 */

const count = z.number().check(z.int(), z.gte(0));
const moneySchema = z.looseObject({ count, cents: z.number().check(z.int()) });
const envelope = <T extends z.ZodMiniType>(data: T) => z.looseObject({ data, meta: z.optional(z.looseObject({ generatedAt: z.optional(z.string()) })) });

const ordersByStatusSchema = envelope(z.array(z.looseObject({ status: z.string(), count })));
const receivablesPendingSchema = envelope(
  z.looseObject({
    pending: moneySchema,
    aged: z.array(z.extend(moneySchema, { days: z.number(), before: z.string() })),
  }),
);
const receivablesMonthlySchema = envelope(
  z.array(z.looseObject({ month: z.string(), from: z.string(), to: z.string(), paid: moneySchema, pending: moneySchema })),
);

/** A count and its total in centavos. */
export type MoneyFigure = z.infer<typeof moneySchema>;
/** `[{status, count}]` for the five order statuses. */
export type OrdersByStatus = z.infer<typeof ordersByStatusSchema>['data'];
/** Pending receivables and those older than 7 and 30 days. */
export type ReceivablesPending = z.infer<typeof receivablesPendingSchema>['data'];
/** Twelve months, oldest first: `{month: 'YYYY-MM', paid, pending}`. */
export type ReceivablesMonthly = z.infer<typeof receivablesMonthlySchema>['data'];

export const homeKeys = {
  all: () => userQueryKey('dashboard'),
  widget: (name: 'orders-by-status' | 'receivables-pending' | 'receivables-monthly') => [...homeKeys.all(), name] as const,
};

/** The three widgets' queries. @throws ApiError (shown by the query cache's reporter with the texts in `meta`). */
export const homeQueries = {
  ordersByStatus: () =>
    queryOptions({
      queryKey: homeKeys.widget('orders-by-status'),
      queryFn: async ({ signal }) => (await api.get('/dashboard/orders-by-status', { schema: ordersByStatusSchema, signal })).data,
      meta: { errorMessage: 'Erro ao carregar os pedidos por situação: {message}' },
    }),
  receivablesPending: () =>
    queryOptions({
      queryKey: homeKeys.widget('receivables-pending'),
      queryFn: async ({ signal }) => (await api.get('/dashboard/receivables-pending', { schema: receivablesPendingSchema, signal })).data,
      meta: { errorMessage: 'Erro ao carregar as contas a receber pendentes: {message}' },
    }),
  receivablesMonthly: () =>
    queryOptions({
      queryKey: homeKeys.widget('receivables-monthly'),
      queryFn: async ({ signal }) => (await api.get('/dashboard/receivables-monthly', { schema: receivablesMonthlySchema, signal })).data,
      meta: { errorMessage: 'Erro ao carregar os recebimentos por mês: {message}' },
    }),
};
