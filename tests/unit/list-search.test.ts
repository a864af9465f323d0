import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, listSearchValidator, rangeText, type ListSearch, type ListSearchOptions } from '@/lib/list-search';

describe('list search params (spec 000 §2.4, §9)', () => {
  const validate = listSearchValidator({ sortFields: ['id', 'name'], filterFields: ['id', 'name'] });

  it('defaults to page 1 and 10 per page', () => {
    expect(validate({})).toEqual({ page: 1, pageSize: 10 });
  });
  it('keeps valid values', () => {
    expect(validate({ page: 3, pageSize: 50, sort: 'name:desc', q: 'ana', filters: { name: 'ana', id: '2' } })).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name:desc',
      q: 'ana',
      filters: { name: 'ana', id: '2' },
    });
  });
  it('replaces malformed values by defaults instead of failing', () => {
    expect(validate({ page: -2, pageSize: 13, sort: 'password:asc', filters: { evil: 'x', name: '' } })).toEqual({ page: 1, pageSize: 10 });
    expect(validate({ page: 'abc', pageSize: '20' })).toEqual({ page: 1, pageSize: 20 });
  });
  it('accepts another default size and options (receivables: 25)', () => {
    const v = listSearchValidator({ defaultPageSize: 25, pageSizeOptions: [10, 25, 50] });
    expect(v({})).toEqual({ page: 1, pageSize: 25 });
    expect(v({ pageSize: 5 }).pageSize).toBe(25);
  });
});

describe('range text', () => {
  it.each([
    [1, 10, 0, '0 itens'],
    [1, 10, 7, '1-7 de 7 itens'],
    [2, 10, 25, '11-20 de 25 itens'],
    [3, 10, 25, '21-25 de 25 itens'],
  ])('page %i size %i total %i → %s', (page, size, total, text) => {
    expect(rangeText(page, size, total)).toBe(text);
  });
});

/**
 * The validator is plain code (it is in every page's route tree); this is the zod
 * schema it replaced, kept as the reference: both must answer the same for any URL search.
 */
function zodReference(options: ListSearchOptions) {
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
  return (raw: Record<string, unknown>): ListSearch => {
    const parsed = schema.parse(raw);
    const out: ListSearch = { page: parsed.page, pageSize: parsed.pageSize };
    const sort = parsed.sort ?? options.defaultSort;
    if (sort) out.sort = sort;
    if (parsed.q) out.q = parsed.q;
    if (parsed.filters) out.filters = parsed.filters;
    return out;
  };
}

describe('listSearchValidator answers as the zod schema it replaced', () => {
  const scalar = fc.oneof(
    fc.string(),
    fc.integer({ min: -5, max: 60 }).map(String),
    fc.constantFrom('1', '2', '10', '20', '25', '50', ' 5 ', '1e1', '0x14', 'Infinity', '', 'id:asc', 'name:desc', 'password:asc', 'a.b:asc'),
    fc.integer({ min: -5, max: 60 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  );
  const value = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom('id', 'name', 'other', 'toString'), fc.string()), scalar, { maxKeys: 4 }),
  );
  const search = fc.record({ page: value, pageSize: value, sort: value, q: value, filters: value }, { requiredKeys: [] });
  const optionSets: ListSearchOptions[] = [
    {},
    { sortFields: ['id', 'name'], filterFields: ['id', 'name'] },
    { defaultPageSize: 25, pageSizeOptions: [10, 25, 50], defaultSort: 'id:desc', sortFields: ['id', 'a.b'] },
  ];
  for (const options of optionSets) {
    it(`with ${JSON.stringify(options)}`, () => {
      const ours = listSearchValidator(options);
      const reference = zodReference(options);
      fc.assert(
        fc.property(search, (raw) => {
          expect(ours(raw)).toEqual(reference(raw));
        }),
        { numRuns: 500 },
      );
    });
  }
});
