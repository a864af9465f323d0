/** Page sizes of every list (spec 000 §9); default 10, first page 1. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * A list's state in the URL search params (docs/frontend.md "List state lives in the URL"):
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
 * Plain code, no zod: every route's `validateSearch` is in the route tree that every page
 * (/login included) loads, and zod there would cost ~16 KiB gzipped. A property
 * test checks it against an equivalent zod schema (tests/unit/list-search.test.ts).
 * Usage: `validateSearch: listSearchValidator({sortFields: ['id', 'name']})`.
 */
export function listSearchValidator(options: ListSearchOptions = {}) {
  const sizes = options.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const defaultSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const sortOk = (s: unknown): s is string =>
    typeof s === 'string' && SORT_PATTERN.test(s) && (!options.sortFields || options.sortFields.includes(s.split(':')[0] ?? ''));
  return (raw: Partial<Record<keyof ListSearch, unknown>>): ListSearch => {
    const page = toNumber(raw.page);
    const pageSize = toNumber(raw.pageSize);
    const out: ListSearch = {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      pageSize: sizes.includes(pageSize) ? pageSize : defaultSize,
    };
    const sort = sortOk(raw.sort) ? raw.sort : options.defaultSort;
    if (sort) out.sort = sort;
    if (typeof raw.q === 'string' && raw.q) out.q = raw.q;
    const filters = filtersOf(raw.filters, options.filterFields);
    if (filters) out.filters = filters;
    return out;
  };
}

const SORT_PATTERN = /^[\w.]+:(asc|desc)$/;

/** `Number(x)` as zod's `z.coerce.number()` does it (NaN when it cannot; BigInt and Symbol too). */
function toNumber(value: unknown): number {
  try {
    return Number(value);
  } catch {
    return Number.NaN;
  }
}

/**
 * The `filters` object of the URL: every value a string, number or boolean (else the whole
 * object is dropped), turned into text; empty texts and names the screen does not know are
 * left out; nothing left → undefined.
 */
function filtersOf(value: unknown, known: readonly string[] | undefined): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') continue;
    if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) return undefined;
    const text = String(v);
    if (text === '' || (known && !known.includes(k))) continue;
    out[k] = text;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The "{from}-{to} de {total} itens" / "0 itens" text of spec 000 §2.4. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 itens';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `${from}-${to} de ${total} itens`;
}
