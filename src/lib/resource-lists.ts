import type { FilterOperator } from './api/strapi';
import type { FilterField, ResourceDef, SortOption } from './resources';

/**
 * What the list screens and the data layer read of a declaration's list (its operators, sort
 * options, record routes), apart from lib/resources.ts: the declarations are in the entry bundle,
 * these helpers load with the screens that use them.
 */

/** The Strapi operator of a filter field (its `op`, else `$containsi` for text and `$eq` for the rest). */
export function filterOperator(field: FilterField): FilterOperator {
  return field.op ?? (!field.type || field.type === 'text' || field.type === 'date' ? '$containsi' : '$eq');
}

/** The fields 'Ordenar por' offers (and the URL accepts), for a zod enum: at least one. @throws Error when none is declared. */
export function sortFields(resource: ResourceDef): [string, ...string[]] {
  const fields = Object.keys(resource.list?.sort ?? {});
  if (!fields.length) throw new Error(`recurso ${resource.label} sem campos de ordenação`);
  return fields as [string, ...string[]];
}

/** 'Ordenar por' options of a declared list, in order (`{value, label}`). */
export function sortOptions(resource: ResourceDef): SortOption[] | undefined {
  const sort = resource.list?.sort;
  return sort ? Object.entries(sort).map(([value, label]) => ({ value, label })) : undefined;
}

/** A register's record routes from its declared `routes`: the new one (`…/new`) and the edit one (`…/$id`). */
export function recordRoutes(resource: ResourceDef): { create?: string; edit?: string } {
  const paths = Object.keys(resource.routes ?? {});
  return { create: paths.find((p) => p.endsWith('/new')), edit: paths.find((p) => p.endsWith('/$id')) };
}
