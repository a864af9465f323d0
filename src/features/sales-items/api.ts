import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, type ListQueryInput } from '@/lib/api';
import { resourceListQuery } from '@/lib/api/list-query';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { salesItemSchema, withoutAmounts, type SalesItem, type SalesItemPayload } from './schema';
import { salesItemResource } from './resource';

/** The data layer of sales items (spec 001 §7 "Sales items"). */
export const salesItemKeys = {
  all: () => userQueryKey('sales-items'),
  list: (input: ListQueryInput) => [...salesItemKeys.all(), 'list', input] as const,
  detail: (id: string) => [...salesItemKeys.all(), 'detail', id] as const,
};

const PATH = '/sales-items';
const salesItemPage = pagedSchema(salesItemSchema);

/** The server-side part of the list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const salesItemListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/** Strapi query of the list: its declaration's (features/sales-items/resource.ts). */
export const salesItemListQuery = (input: ListQueryInput) => resourceListQuery(salesItemResource, input);

export const salesItemQueries = {
  /** GET /sales-items?populate=* for the list screen. A failure shows the empty list and toasts 'Erro ao carregar os itens para venda: {message}'. */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: salesItemKeys.list(input),
      queryFn: ({ signal }) => api.get(PATH, { query: salesItemListQuery(input), schema: salesItemPage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os itens para venda: {message}' },
    }),
  /** GET /sales-items/{documentId}?populate=*; a 4xx is not retried (the form toasts and goes back to the list). */
  detail: (id: string) =>
    queryOptions({
      queryKey: salesItemKeys.detail(id),
      queryFn: async ({ signal }) =>
        (await api.get(`${PATH}/${encodeURIComponent(id)}`, { query: { populate: '*' }, schema: singleSchema(salesItemSchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** True for the server's refusal of an unknown field ('Invalid key vehicle_documentation_company_amount'). */
export const isInvalidKeyError = (error: unknown) => isApiError(error) && /invalid key/i.test(error.message);

/**
 * POST /sales-items (new) or PUT /sales-items/{documentId} {data}. On an 'Invalid key' answer (a
 * backend without the amount fields, spec 001 §7) the call is retried once without the three
 * amounts; `partial` is then true. @throws ApiError
 */
export async function saveSalesItem(documentId: string | undefined, data: SalesItemPayload): Promise<{ item: SalesItem; partial: boolean }> {
  const send = (body: object) =>
    documentId
      ? api.put(`${PATH}/${encodeURIComponent(documentId)}`, { data: body }, { schema: singleSchema(salesItemSchema) })
      : api.post(PATH, { data: body }, { schema: singleSchema(salesItemSchema) });
  try {
    return { item: (await send(data)).data, partial: false };
  } catch (error) {
    if (!isInvalidKeyError(error)) throw error;
    return { item: (await send(withoutAmounts(data))).data, partial: true };
  }
}

/** DELETE /sales-items/{documentId}. @throws ApiError */
export async function deleteSalesItem(documentId: string): Promise<void> {
  await api.delete(`${PATH}/${encodeURIComponent(documentId)}`);
}
