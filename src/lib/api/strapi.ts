// zod/mini, not classic: every screen reaches this file, and one classic import in a
// screen's graph downloads the classic API (~13 KiB gzipped) on top of zod's core. Classic
// schemas of other features still compose with these (both are zod core types).
import * as z from 'zod/mini';
import { toCents, type Cents } from '@/lib/money';

/** `meta.pagination` of a Strapi list answer (spec 000 §3 "Paged list responses"). */
export const paginationSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A paged list `{data: T[], meta: {pagination}}`. */
export interface Paged<T> {
  data: T[];
  meta: { pagination: Pagination };
}

/** zod schema of a paged list whose rows satisfy `item`. */
export function pagedSchema<T extends z.core.SomeType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.looseObject({ pagination: paginationSchema }),
  });
}

/** zod schema of a single-record answer `{data: T}`. */
export function singleSchema<T extends z.core.SomeType>(item: T) {
  return z.object({ data: item, meta: z.optional(z.unknown()) });
}

/** A Strapi numeric `id` (users and roles are addressed by it; other records by documentId). */
export const strapiIdSchema = z.number().check(z.int());

/**
 * A relation field as Strapi returns it: populated (`{id, ...}`) or a bare id, or absent/null.
 * Always yields an object with at least `id`, or null, so screens read `rel?.id` either way.
 */
export function strapiRelation<T extends z.core.$ZodObject>(shape: T) {
  return z.pipe(
    z.nullish(
      z.union([
        shape,
        z.pipe(
          strapiIdSchema,
          z.transform((id) => ({ id })),
        ),
      ]),
    ),
    z.transform((v) => (v ?? null) as (z.infer<T> | { id: number }) | null),
  );
}

/** An empty page (used where the spec says a failed list "yields an empty list with zero totals"). */
export function emptyPage<T>(page = 1, pageSize = 10): Paged<T> {
  return { data: [], meta: { pagination: { page, pageSize, pageCount: 0, total: 0 } } };
}

/** Filter operator per field: `$eq` for ids, booleans, enums; `$containsi` for text. */
export type FilterOperator = '$eq' | '$containsi' | '$gte' | '$lte' | '$in';

/** The list state the list frame keeps in the URL (see lib/list-search.ts). */
export interface ListQueryInput {
  page: number;
  pageSize: number;
  /** `field:asc` or `field:desc`. */
  sort?: string;
  filters?: Record<string, string>;
}

/**
 * Turns the list frame's URL state into Strapi query params:
 * `{pagination:{page,pageSize}, sort:['field:dir'], filters:{field:{op:value}}}`.
 * `operators` picks the operator per filter field (default `$containsi`); a value of
 * 'true'/'false' with `$eq` is sent as a boolean. Dotted field names (`address_state_id.id`)
 * become nested filters. Empty values are skipped.
 */
export function toStrapiListQuery(input: ListQueryInput, operators: Record<string, FilterOperator> = {}): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input.filters ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const op = operators[field] ?? '$containsi';
    const typed: unknown = op === '$eq' && (value === 'true' || value === 'false') ? value === 'true' : value;
    const path = field.split('.');
    let node = filters;
    for (const [i, key] of path.entries()) {
      if (i === path.length - 1) node[key] = { [op]: typed };
      else node = (node[key] ??= {}) as Record<string, unknown>;
    }
  }
  const query: Record<string, unknown> = { pagination: { page: input.page, pageSize: input.pageSize } };
  if (input.sort) query.sort = [input.sort];
  if (Object.keys(filters).length) query.filters = filters;
  return query;
}

/** A money field of the API (reais, decimal; may arrive as a string) → centavos; null → 0. */
export const moneySchema = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((v: number | string | null | undefined): Cents => toCents(v)),
);
