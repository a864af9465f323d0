import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, pagedSchema, singleSchema, toStrapiListQuery, type ListQueryInput } from '@/lib/api';
import type { ListSearch } from '@/lib/list-search';
import { userQueryKey } from '@/lib/session';
import { vehicleTypeSchema, type VehicleType, type VehicleTypePayload } from './schema';

/** The data layer of vehicle types (spec 001 §7 "Vehicle types"). */
export const vehicleTypeKeys = {
  all: () => userQueryKey('vehicle-types'),
  list: (input: ListQueryInput) => [...vehicleTypeKeys.all(), 'list', input] as const,
  options: () => [...vehicleTypeKeys.all(), 'options'] as const,
  detail: (id: string) => [...vehicleTypeKeys.all(), 'detail', id] as const,
};

const vehicleTypePage = pagedSchema(vehicleTypeSchema);

/** The server-side part of the list's URL state (the search box `q` filters the page on the client: spec 000 §2.4). */
export const vehicleTypeListInput = ({ page, pageSize, sort, filters }: ListSearch): ListQueryInput => ({
  page,
  pageSize,
  ...(sort ? { sort } : {}),
  ...(filters ? { filters } : {}),
});

/** Strapi query of the list: id and is_active `$eq` (is_active as a boolean), name and description `$containsi`. */
export const vehicleTypeListQuery = (input: ListQueryInput) => toStrapiListQuery(input, { id: '$eq', is_active: '$eq' });

/** The API path of the collection. */
const PATH = '/vehicle-types';

export const vehicleTypeQueries = {
  /**
   * GET /vehicle-types for the list screen (pages of 5–50: never the service worker's cached
   * lookup). A failure shows the empty list and toasts 'Erro ao carregar os tipos de veículo: {message}'.
   */
  list: (input: ListQueryInput) =>
    queryOptions({
      queryKey: vehicleTypeKeys.list(input),
      queryFn: ({ signal }) => api.get(PATH, { query: vehicleTypeListQuery(input), schema: vehicleTypePage, signal }),
      placeholderData: keepPreviousData,
      retry: 0,
      meta: { errorMessage: 'Erro ao carregar os tipos de veículo: {message}' },
    }),
  /** Up to 100 vehicle types for selects (spec 001 §7, §9), by name. */
  options: () =>
    queryOptions({
      queryKey: vehicleTypeKeys.options(),
      queryFn: async ({ signal }) =>
        (await api.get(PATH, { query: { pagination: { page: 1, pageSize: 100 }, sort: ['name:asc'] }, schema: vehicleTypePage, signal })).data,
      staleTime: 5 * 60_000,
    }),
  /** GET /vehicle-types/{documentId}; a 4xx is not retried (the form toasts and goes back to the list). */
  detail: (id: string) =>
    queryOptions({
      queryKey: vehicleTypeKeys.detail(id),
      queryFn: async ({ signal }) => (await api.get(`${PATH}/${encodeURIComponent(id)}`, { schema: singleSchema(vehicleTypeSchema), signal })).data,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 1,
    }),
};

/** POST /vehicle-types {data}. @throws ApiError */
export async function createVehicleType(data: VehicleTypePayload): Promise<VehicleType> {
  return (await api.post(PATH, { data }, { schema: singleSchema(vehicleTypeSchema) })).data;
}

/** PUT /vehicle-types/{documentId} {data}. @throws ApiError */
export async function updateVehicleType(documentId: string, data: VehicleTypePayload): Promise<VehicleType> {
  return (await api.put(`${PATH}/${encodeURIComponent(documentId)}`, { data }, { schema: singleSchema(vehicleTypeSchema) })).data;
}

/** DELETE /vehicle-types/{documentId}. @throws ApiError */
export async function deleteVehicleType(documentId: string): Promise<void> {
  await api.delete(`${PATH}/${encodeURIComponent(documentId)}`);
}
