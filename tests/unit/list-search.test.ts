import { describe, expect, it } from 'vitest';
import { listSearchValidator, rangeText } from '@/lib/list-search';

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
