import fc from 'fast-check';
import type { ApiContentType, ApiRoute } from '../global-setup';

/**
 * The fuzzer's vocabulary: field names, operators and scalar values (edge values included), and
 * the model every generator reads — the route table and the content-type schemas the running Strapi
 * reports (global-setup's `contentApi`), so a new content-type, attribute or route is fuzzed without a new test.
 */
export interface FuzzModel {
  routes: ApiRoute[];
  types: Map<string, ApiContentType>;
  /** Values of a column seen in the seeded rows (uid, attribute) → up to 20 texts; filter probes match real data with them. */
  samples: (uid: string, attribute: string) => string[];
}
export type Attribute = ApiContentType['attributes'][string];

export const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];
export const UNKNOWN_FIELDS = ['nope', 'password', 'resetPasswordToken', 'confirmationToken', 'constructor', 'toString', '$where', '0', '', 'a.b', 'id.id'];
export const OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$or',
  '$and',
  '$not',
];
export const BOGUS_OPERATORS = ['$foo', '$where', '$raw', '$exists', '$regex', '$jsonSupersetOf', '$'];
export const WEIRD_SCALARS = [
  '',
  '0',
  '-1',
  '1',
  'true',
  'false',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '99999999999999999999',
  '-99999999999999999999',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '0.5',
  '1,5',
  '0x10',
  '2026-01-01',
  '2026-02-30',
  '2026-13-45',
  'notadate',
  '2026-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '25:61:61',
  '00:00',
  '\u0000',
  '%00',
  "' OR 1=1 --",
  '😀',
  'ção',
  'a'.repeat(300),
  '[object Object]',
  '__proto__',
  // numbers as a careless parser reads them: Number(), parseFloat() and SQL casts disagree on these
  '0a .2..',
  '1..2',
  '--1',
  '1e',
  '.',
  ' 1',
  '1 ',
  '0.0.0',
  '١٢',
];
/** Ids that exist nowhere, or are not ids at all. */
export const BOGUS_IDS = [
  '0',
  '-1',
  '999999999',
  '2147483648',
  '99999999999999999999',
  'abc',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '1.5',
  '1e3',
  '%00',
  '..%2f',
  ' ',
  'null',
  'undefined',
  '%E0%A4%A',
];

export const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WEIRD_SCALARS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** nests `inner` n levels deep under key `k` (`{k: {k: ... inner}}`). */
export const nest = (n: number, k: string, inner: unknown): unknown => {
  let v = inner;
  for (let i = 0; i < n; i++) v = { [k]: v };
  return v;
};

export const attrNames = (ct: ApiContentType | undefined) => (ct ? Object.keys(ct.attributes) : []);
/** The relation and media attributes of `ct` ([name, attribute]). */
export const relations = (ct: ApiContentType | undefined) =>
  ct ? Object.entries(ct.attributes).filter(([, a]) => (a.type === 'relation' || a.type === 'media') && (a.target || a.type === 'media')) : [];
/** The relations of `ct` whose target the model knows (but Strapi's own `localizations`, which no query may name). */
export const knownRelations = (m: FuzzModel, ct: ApiContentType | undefined) =>
  relations(ct).filter(([name, a]) => a.target && m.types.has(a.target) && name !== 'localizations');
/** Scalar attributes a filter or sort may name (no relations, media, components, json, passwords or private fields). */
export const scalarAttributes = (ct: ApiContentType | undefined, withPrivate = false) =>
  ct
    ? Object.entries(ct.attributes).filter(
        ([, a]) => !['relation', 'media', 'component', 'dynamiczone', 'json'].includes(a.type) && (withPrivate || (!a.private && a.type !== 'password')),
      )
    : [];

/** Numbers written as junk a lax parser may still read as a number. */
const JUNK_NUMBERS = ['0a .2..', '1..2', '--1', '1e', '.', ' 1', '1,5', '1e20', '-0', '0x10', 'NaN', 'Infinity', '1_000', '١٢'];

/** A value that fits attribute `attr` (edge values included: bounds, huge numbers, odd dates, junk numbers). */
export function typedScalar(attr: Attribute | undefined): fc.Arbitrary<unknown> {
  switch (attr?.type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -5, max: 500 }) },
        { weight: 2, arbitrary: fc.constantFrom('2147483647', '2147483648', '99999999.99', '100000000', '0.001') },
        { weight: 2, arbitrary: fc.constantFrom(...JUNK_NUMBERS) },
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', true, false, '1', '0');
    case 'date':
    case 'datetime':
    case 'time':
      return fc.oneof(
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()),
        fc.constantFrom('2026-01-01', '2026-02-30', '12:00:00', '0', '1700000000000'),
      );
    case 'enumeration':
      return fc.constantFrom(...((attr.enum as string[]) ?? ['x']), 'nope');
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('a', '%', '_', '\\', "'", '52998224725', 'ção'));
  }
}
