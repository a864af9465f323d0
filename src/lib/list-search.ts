// zod/mini: this module is in the entry bundle (every list route's validateSearch).
import * as z from 'zod/mini';

/** Page sizes of every list (spec 000 §9); default 10, first page 1. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * A list's state in the URL search params (STYLE.md "List state lives in the URL"):
 * page (≥1), pageSize (one of the options), sort `field:asc|desc`, q (client-side search
 * of the current page) and filters (field → text, as typed in the filter panel).
 */
export interface ListSearch {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
  filters?: Record<string, string> | undefined;
}

export interface ListSearchOptions {
  defaultPageSize?: number;
  pageSizeOptions?: readonly number[];
  /** Fields that may be sorted on; other `sort` values are dropped. */
  sortFields?: readonly string[];
  /** Default sort, e.g. `id:desc`. */
  defaultSort?: string;
  /** Filter names the screen knows; other keys are dropped. */
  filterFields?: readonly string[];
}

/**
 * Builds the `validateSearch` of a list route: anything malformed in the URL falls
 * back to its default instead of failing, so a hand-edited link still opens the list.
 * Usage: `validateSearch: listSearchValidator({sortFields: ['id', 'name']})`.
 */
export function listSearchValidator(options: ListSearchOptions = {}) {
  const sizes = options.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const defaultSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const schema = z.object({
    page: z.catch(z.coerce.number().check(z.refine((n: number) => Number.isInteger(n) && n >= 1)), 1),
    pageSize: z.catch(z.coerce.number().check(z.refine((n: number) => sizes.includes(n))), defaultSize),
    sort: z.catch(
      z.optional(
        z.string().check(
          z.regex(/^[\w.]+:(asc|desc)$/),
          z.refine((s: string) => !options.sortFields || options.sortFields.includes(s.split(':')[0] ?? '')),
        ),
      ),
      undefined,
    ),
    q: z.catch(z.optional(z.string()), undefined),
    filters: z.catch(
      z.optional(
        z.pipe(
          z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
          z.transform((f: Record<string, string | number | boolean>) => {
            const out: Record<string, string> = {};
            for (const [k, v] of Object.entries(f)) {
              const text = String(v);
              if (text === '' || (options.filterFields && !options.filterFields.includes(k))) continue;
              out[k] = text;
            }
            return Object.keys(out).length ? out : undefined;
          }),
        ),
      ),
      undefined,
    ),
  });
  return (raw: Partial<Record<keyof ListSearch, unknown>>): ListSearch => {
    const parsed = schema.parse(raw);
    const out: ListSearch = { page: parsed.page, pageSize: parsed.pageSize };
    const sort = parsed.sort ?? options.defaultSort;
    if (sort) out.sort = sort;
    if (parsed.q) out.q = parsed.q;
    if (parsed.filters) out.filters = parsed.filters;
    return out;
  };
}

/** The "{from}-{to} de {total} itens" / "0 itens" text of spec 000 §2.4. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 itens';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `${from}-${to} de ${total} itens`;
}
