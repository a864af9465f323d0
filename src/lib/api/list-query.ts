import { filterOperator } from '../resource-lists';
import { listPath, type FilterClean, type ResourceDef } from '../resources';
import { DEFAULT_PAGE_SIZE } from '../list-search';
import { buildPath } from './client';
import { toStrapiListQuery, type ListQueryInput } from './strapi';

const CLEAN: Record<FilterClean, (text: string) => string> = {
  // CPF/CNPJ are stored bare (an alphanumeric CNPJ upper case): '123.456' finds '12345678909'
  document: (t) => t.toUpperCase().replace(/[^0-9A-Z]/g, '') || t,
  // phones are stored as digits: '(11) 9' finds '119...'
  digits: (t) => t.replace(/\D/g, '') || t,
  // a decimal typed with a comma ('150,50') is sent with a dot
  decimal: (t) => t.replace(',', '.'),
  // a username typed with its mask (529.982...) is searched as the bare characters the server stores
  mask: (t) => t.replace(/[\s.\-/]/g, ''),
};

/**
 * The Strapi query of a declared list (`resource.list`) for a list state: its `populate`, then
 * pagination, sort and the filters of its declared fields (each with its operator, the text
 * cleaned as declared; a field the declaration does not know is sent `$containsi`), plus its
 * constant `where`. The same function gives the first page that index.html's early request asks
 * for (firstPagePath), so the two cannot differ.
 */
export function resourceListQuery(resource: ResourceDef, input: ListQueryInput): Record<string, unknown> {
  const { populate, where, filters: fields = [] } = resource.list ?? {};
  const filters = input.filters ? { ...input.filters } : undefined;
  const operators: Record<string, ReturnType<typeof filterOperator>> = {};
  for (const field of fields) {
    operators[field.name] = filterOperator(field);
    const value = filters?.[field.name];
    if (filters && value && field.clean) filters[field.name] = CLEAN[field.clean](value);
  }
  const query = toStrapiListQuery({ ...input, ...(filters ? { filters } : {}) }, operators);
  if (where) query.filters = { ...((query.filters as object | undefined) ?? {}), ...where };
  return populate ? { populate, ...query } : query;
}

/** The first page of a declared list at its default search, as a path with its query ('/states?pagination[page]=1&…'). */
export function firstPagePath(resource: ResourceDef): Promise<string> {
  const list = resource.list;
  return buildPath(listPath(resource), list?.unpaged ? undefined : resourceListQuery(resource, { page: 1, pageSize: list?.pageSize ?? DEFAULT_PAGE_SIZE }));
}
