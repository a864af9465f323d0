import fc from 'fast-check';
import type { ApiContentType } from '../global-setup';
import type { QuerySpec } from './fuzz-query';
import { knownRelations, scalarAttributes, type FuzzModel } from './fuzz-scalars';

/** Operators a filter probe uses: each matches only rows whose field holds a value. */
const PROBE_OPS = ['$eq', '$eqi', '$startsWith', '$startsWithi', '$containsi', '$endsWith', '$notNull', '$gt'];

/**
 * A filter probe: one condition on a field of the root content-type or of a row it links (one or two
 * relations away, private fields included), with a value taken from the seeded rows so it matches,
 * and the populate that shows the caller the linked rows. `path`: the relation names, `field`: the
 * filtered attribute. The oracle: every row in the answer has, along `path`, a linked row the caller
 * is shown with `field` — otherwise the filter read data the caller may not read.
 */
export interface FilterProbe {
  path: string[];
  field: string;
}
/** A filter probe for a list of `ct`: the query (filter and populate) and what the oracle checks. */
export function filterProbe(m: FuzzModel, ct: ApiContentType): fc.Arbitrary<{ query: QuerySpec; probe: FilterProbe }> {
  const step = (t: ApiContentType | undefined, depth: number): fc.Arbitrary<{ path: string[]; target: ApiContentType }> => {
    const rels = knownRelations(m, t).filter(([, a]) => a.type === 'relation');
    const here = fc.constant({ path: [] as string[], target: t! });
    if (!rels.length || depth >= 2) return here;
    const deeper = fc
      .constantFrom(...rels)
      .chain(([name, a]) => step(m.types.get(a.target!), depth + 1).map((s) => ({ path: [name, ...s.path], target: s.target })));
    return fc.oneof({ weight: 1, arbitrary: here }, { weight: 3, arbitrary: deeper });
  };
  return step(ct, 0).chain(({ path, target }): fc.Arbitrary<{ query: QuerySpec; probe: FilterProbe }> => {
    const fields = scalarAttributes(target, true).filter(([, a]) => a.type !== 'boolean');
    if (!fields.length) return fc.constant({ query: {} as QuerySpec, probe: { path, field: 'id' } });
    return fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...PROBE_OPS), fc.nat(), fc.integer({ min: 1, max: 4 })).map(([[field, attr], op, n, len]) => {
      const seen = m.samples(target.uid, field);
      const v = seen.length ? seen[n % seen.length] : 'a';
      const low = ['integer', 'biginteger', 'float', 'decimal'].includes(attr.type) ? '-1' : /date|time/.test(attr.type) ? '1970-01-01' : '';
      const value =
        op === '$notNull'
          ? 'true'
          : op === '$gt'
            ? low
            : op === '$startsWith' || op === '$startsWithi'
              ? v.slice(0, len)
              : op === '$endsWith'
                ? v.slice(-len)
                : v;
      const cond = path.reduceRight<Record<string, unknown>>((inner, rel) => ({ [rel]: inner }), { [field]: { [op]: value } });
      const populate = path.length ? path.slice(1).reduceRight<unknown>((inner, rel) => ({ populate: { [rel]: inner } }), true) : undefined;
      const query = { filters: cond, ...(populate !== undefined ? { populate: { [path[0]]: populate } } : {}), pagination: { pageSize: 25 } };
      return { query: { obj: query }, probe: { path, field } };
    });
  });
}
