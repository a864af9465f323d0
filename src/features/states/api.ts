import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { stateSchema, type State } from './schema';

/** The data layer of states (spec 000 §7 "GET /states", "GET /states/{id}", "POST/PUT/DELETE /states"). */
export const stateKeys = {
  all: () => userQueryKey('states'),
  list: (input: ListQueryInput) => [...stateKeys.all(), 'list', input] as const,
  options: () => [...stateKeys.all(), 'options'] as const,
  detail: (id: string) => [...stateKeys.all(), 'detail', id] as const,
};

const statePage = pagedSchema(stateSchema);

/** The server-side part of a list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const stateListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/** Strapi query of the list: id `$eq`, name and abbreviation `$containsi`, sort, page. */
export const stateListQuery = (input: ListQueryInput) => toStrapiListQuery(input, { id: '$eq' });

export const stateQueries = {
  /** GET /states for the list screen. A failure toasts the spec's list error (the list shows empty). */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: stateKeys.list(input),
      queryFn: ({ signal }) => api.get('/states', { query: stateListQuery(input), schema: statePage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os estados: {message}' },
    }),
  /** Up to 100 states for selects (spec 000 §9), by name. */
  options: () =>
    queryOptions({
      queryKey: stateKeys.options(),
      queryFn: async ({ signal }) =>
        (await api.get('/states', { query: { pagination: { page: 1, pageSize: 100 }, sort: ['name:asc'] }, schema: statePage, signal })).data,
      staleTime: 5 * 60_000,
    }),
  /** GET /states/{id} (documentId or numeric id). */
  detail: (id: string) =>
    queryOptions({
      queryKey: stateKeys.detail(id),
      queryFn: async ({ signal }) => (await api.get(`/states/${encodeURIComponent(id)}`, { schema: singleSchema(stateSchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** POST /states {data}. @throws ApiError ('Erro ao criar estado') */
export async function createState(data: { name: string; abbreviation: string }): Promise<State> {
  return (await api.post('/states', { data }, { schema: singleSchema(stateSchema) })).data;
}

/** PUT /states/{documentId} {data}. @throws ApiError ('Erro ao atualizar estado') */
export async function updateState(documentId: string, data: { name: string; abbreviation: string }): Promise<State> {
  return (await api.put(`/states/${encodeURIComponent(documentId)}`, { data }, { schema: singleSchema(stateSchema) })).data;
}

/** DELETE /states/{documentId}. @throws ApiError */
export async function deleteState(documentId: string): Promise<void> {
  await api.delete(`/states/${encodeURIComponent(documentId)}`);
}
