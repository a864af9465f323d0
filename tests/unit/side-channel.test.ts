import { stringify, parse } from 'qs';
import { describe, expect, it } from 'vitest';
// The shim itself (vite.config.ts and vitest.config.ts alias `side-channel` to it).
import getSideChannel from 'side-channel';

describe('side-channel shim (src/lib/vendor/side-channel.cjs) under qs', () => {
  it('is the module qs gets: stores object and primitive keys apart, asserts', () => {
    const channel = getSideChannel<unknown, number>();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(() => channel.assert(key)).toThrow(TypeError);
    channel.set(key, 1);
    channel.set('k', 2);
    expect([channel.get(key), channel.get('k'), channel.get({})]).toEqual([1, 2, undefined]);
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });

  it("keeps qs's Strapi query strings and its cycle detection", () => {
    const query = { filters: { name: { $containsi: 'ana' }, $or: [{ id: { $eq: 1 } }, { id: { $eq: 2 } }] }, populate: ['role'], pagination: { page: 2 } };
    const text = stringify(query, { encodeValuesOnly: true });
    expect(text).toBe('filters[name][$containsi]=ana&filters[$or][0][id][$eq]=1&filters[$or][1][id][$eq]=2&populate[0]=role&pagination[page]=2');
    expect(parse(text)).toEqual({
      filters: { name: { $containsi: 'ana' }, $or: [{ id: { $eq: '1' } }, { id: { $eq: '2' } }] },
      populate: ['role'],
      pagination: { page: '2' },
    });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => stringify(cyclic)).toThrow(RangeError);
  });
});
