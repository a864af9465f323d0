import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strapiRelation } from '@/lib/api/strapi';

describe('strapiRelation (a Strapi relation: populated, bare id, or empty)', () => {
  const user = strapiRelation(z.looseObject({ id: z.number(), name: z.string().optional() }));
  it('keeps a populated relation', () => {
    expect(user.parse({ id: 7, name: 'Despachante Paulista Ltda' })).toEqual({ id: 7, name: 'Despachante Paulista Ltda' });
  });
  it('turns a bare id into {id}', () => {
    expect(user.parse(7)).toEqual({ id: 7 });
  });
  it('turns null and absence into null', () => {
    expect(user.parse(null)).toBeNull();
    expect(user.parse(undefined)).toBeNull();
  });
  it('refuses what is neither', () => {
    expect(user.safeParse('7').success).toBe(false);
    expect(user.safeParse({ name: 'sem id' }).success).toBe(false);
  });
});
