import fc from 'fast-check';
import type { ApiContentType } from '../global-setup';
import {
  BOGUS_OPERATORS,
  knownRelations,
  OPERATORS,
  relations,
  scalar,
  scalarAttributes,
  SYSTEM_FIELDS,
  typedScalar,
  UNKNOWN_FIELDS,
  attrNames,
  nest,
  type Attribute,
  type FuzzModel,
} from './fuzz-scalars';
import { idScalar } from './fuzz-values';
import { HISTORY, historyParams } from './fuzz-history';

/**
 * Query strings: filters (valid, malformed, deep, or many relation conditions alone), sort, pagination,
 * populate, fields and extra parameters (`id`/`documentId` with ids in every form) for a route of a
 * content-type — as an object (qs-encoded at send time, after its ids are resolved) or raw junk.
 */
export interface QuerySpec {
  obj?: Record<string, unknown>;
  raw?: string;
}

/** A field name of `ct` (attributes and system fields), sometimes an unknown or hostile one. */
export function fieldName(ct: ApiContentType | undefined) {
  const own = [...attrNames(ct), ...SYSTEM_FIELDS];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN_FIELDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
}

/** A field or a relation path (`rel.field`), as sort and filters take them. */
function fieldPath(m: FuzzModel, ct: ApiContentType | undefined) {
  const rels = knownRelations(m, ct);
  if (!rels.length) return fieldName(ct);
  const path = fc.constantFrom(...rels).chain(([name, a]) => fieldName(m.types.get(a.target!)).map((f) => `${name}.${f}`));
  return fc.oneof({ weight: 3, arbitrary: fieldName(ct) }, { weight: 1, arbitrary: path });
}

const operand = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.record({ $eq: scalar }) },
);
const operatorObject = fc.dictionary(
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...OPERATORS) }, { weight: 1, arbitrary: fc.constantFrom(...BOGUS_OPERATORS) }),
  operand,
  {
    minKeys: 1,
    maxKeys: 3,
  },
);

const VALID_OPS = [
  '$eq',
  '$ne',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$endsWith',
  '$null',
  '$notNull',
  '$between',
  '$eqi',
];
/** A well-formed condition on a real field (or a relation's field), as the PWA would send. */
function validLeaf(m: FuzzModel, ct: ApiContentType | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields: Array<[string, Attribute | undefined]> = [
    ...scalarAttributes(ct),
    ['id', { type: 'integer' }],
    ['documentId', { type: 'string' }],
    ['createdAt', { type: 'datetime' }],
  ];
  const direct = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...VALID_OPS)).chain(([[name, attr], op]) => {
    const v = typedScalar(attr);
    const value =
      op === '$in' || op === '$notIn'
        ? fc.array(v, { minLength: 1, maxLength: 3 })
        : op === '$between'
          ? fc.tuple(v, v)
          : op === '$null' || op === '$notNull'
            ? fc.constantFrom('true', 'false')
            : v;
    return value.map((x) => ({ [name]: { [op]: x } }));
  });
  const rels = knownRelations(m, ct);
  if (!rels.length || depth > 1) return direct;
  return fc.oneof(
    { weight: 3, arbitrary: direct },
    { weight: 1, arbitrary: fc.constantFrom(...rels).chain(([name, a]) => validLeaf(m, m.types.get(a.target!), depth + 1).map((l) => ({ [name]: l }))) },
  );
}

/** A condition with a clean value (text, a small integer, a date) on a field one or two relations away (or on the root without relations). */
function relationCondition(m: FuzzModel, ct: ApiContentType | undefined): fc.Arbitrary<Record<string, unknown>> {
  const clean = (t: ApiContentType | undefined) => {
    const fields = scalarAttributes(t).filter(([, a]) => ['string', 'text', 'email', 'integer', 'datetime', 'enumeration'].includes(a.type));
    const pick = fields.length ? fc.constantFrom(...fields) : fc.constant<[string, Attribute]>(['id', { type: 'integer' }]);
    return pick.chain(([name, a]) => {
      const v =
        a.type === 'integer'
          ? fc.nat({ max: 500 })
          : a.type === 'datetime'
            ? fc.constant('2026-01-01T00:00:00.000Z')
            : fc.string({ unit: 'grapheme-ascii', maxLength: 6 });
      return fc.tuple(fc.constantFrom('$eq', '$ne', '$containsi', '$notNull'), v).map(([op, x]) => ({ [name]: { [op]: op === '$notNull' ? 'true' : x } }));
    });
  };
  const rels = knownRelations(m, ct).filter(([, a]) => a.type === 'relation');
  if (!rels.length) return clean(ct);
  return fc.constantFrom(...rels).chain(([name, a]) => {
    const t = m.types.get(a.target!);
    const next = knownRelations(m, t).filter(([, b]) => b.type === 'relation');
    const two = next.length ? fc.constantFrom(...next).chain(([n2, b]) => clean(m.types.get(b.target!)).map((l) => ({ [n2]: l }))) : clean(t);
    return fc.oneof(clean(t), two).map((l) => ({ [name]: l }));
  });
}

/** `{field: {$op: value}}`, `{field: value}`, `{field: [values]}` or `{relation: {targetField: ...}}`. */
function leaf(m: FuzzModel, ct: ApiContentType | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const direct = fc
    .tuple(
      fieldName(ct),
      fc.oneof({ weight: 5, arbitrary: operatorObject }, { weight: 2, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }),
    )
    .map(([f, v]) => ({ [f]: v }));
  const rels = knownRelations(m, ct);
  if (!rels.length || depth > 1) return direct;
  const viaRelation = fc.constantFrom(...rels).chain(([name, a]) => leaf(m, m.types.get(a.target!), depth + 1).map((l) => ({ [name]: l })));
  return fc.oneof({ weight: 3, arbitrary: direct }, { weight: 1, arbitrary: viaRelation });
}

/** A filters tree: leaves, `$and`/`$or` lists (or objects), `$not`, lists where objects go, deep nesting, junk. */
function filters(m: FuzzModel, ct: ApiContentType | undefined) {
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { maxDepth: 3, depthSize: 'small' },
      { weight: 5, arbitrary: leaf(m, ct) },
      { weight: 1, arbitrary: fc.record({ $and: fc.oneof(fc.array(tie('tree'), { maxLength: 3 }), tie('tree'), scalar) }) },
      { weight: 1, arbitrary: fc.record({ $or: fc.oneof(fc.array(tie('tree'), { maxLength: 3 }), tie('tree'), scalar) }) },
      { weight: 1, arbitrary: fc.record({ $not: fc.oneof(tie('tree'), scalar) }) },
      { weight: 1, arbitrary: fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => ({ ...(a as object), ...(b as object) })) },
    ),
  }));
  const valid = fc.oneof(
    validLeaf(m, ct),
    fc.array(validLeaf(m, ct), { minLength: 1, maxLength: 3 }).map((l) => ({ $or: l })),
    fc.array(validLeaf(m, ct), { minLength: 1, maxLength: 3 }).map((l) => ({ $and: l })),
    validLeaf(m, ct).map((l) => ({ $not: l })),
  );
  return fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 6, arbitrary: tree },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: scalar },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 5, max: 25 }), fieldName(ct), scalar).map(([n, f, v]) => nest(n, f, { $eq: v })) },
  );
}

const direction = fc.constantFrom('asc', 'desc', 'ASC', 'DESC', 'sideways', '', '1', ':', null);
function sort(m: FuzzModel, ct: ApiContentType | undefined) {
  const item = fc.tuple(fieldPath(m, ct), direction).map(([f, d]) => (d === null ? f : `${f}:${d}`));
  const own = ct
    ? Object.entries(ct.attributes)
        .filter(([, a]) => !['relation', 'media', 'component', 'dynamiczone', 'json', 'password'].includes(a.type) && !a.private)
        .map(([n]) => n)
    : [];
  const good = fc.tuple(fc.constantFrom('id', 'createdAt', ...own), fc.constantFrom('asc', 'desc')).map(([f, d]) => `${f}:${d}`);
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 2, arbitrary: fc.array(good, { minLength: 1, maxLength: 2 }) },
    item,
    fc.array(item, { maxLength: 3 }),
    fc.dictionary(fieldName(ct), direction, { maxKeys: 2 }),
    scalar,
    fc.constant('id:asc,documentId:desc'),
  );
}

const pageNumber = fc.oneof(
  fc.integer({ min: -3, max: 120 }),
  fc.constantFrom('99999999999999999999', '1e309', 'abc', '-1', '0', '2147483647', '2147483648', '1.5', '', 'NaN', '007'),
  fc.constant(null),
);
const withCount = fc.constantFrom('true', 'false', 'x', '-1', '0', '1', '', 'yes', null);
const paged = fc.record({ page: fc.integer({ min: 1, max: 4 }), pageSize: fc.integer({ min: 1, max: 25 }) }, { requiredKeys: [] });
const offset = fc.record({ start: fc.integer({ min: 0, max: 50 }), limit: fc.integer({ min: -1, max: 25 }) }, { requiredKeys: [] });
/** Pagination: valid; valid but one odd parameter (a bad value alone reaches further than a page of bad ones); or all odd. */
const pagination = fc.oneof(
  { weight: 10, arbitrary: paged },
  { weight: 2, arbitrary: offset },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.oneof(paged, offset), fc.constantFrom('page', 'pageSize', 'start', 'limit', 'withCount'), pageNumber, withCount)
      .map(([valid, key, odd, count]) => ({ ...valid, [key]: key === 'withCount' ? count : odd })),
  },
  {
    weight: 3,
    arbitrary: fc.record({ page: pageNumber, pageSize: pageNumber, start: pageNumber, limit: pageNumber, withCount }, { requiredKeys: [] }),
  },
  { weight: 1, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(pageNumber, { maxLength: 2 }) },
);

function populate(m: FuzzModel, ct: ApiContentType | undefined) {
  const rels = relations(ct).map(([n]) => n);
  const name = rels.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...rels) }, { weight: 1, arbitrary: fieldName(ct) }) : fieldName(ct);
  const entry = fc.oneof(
    fc.constantFrom(true, '*', 'true', 'false', false, 1, ''),
    fc.record(
      {
        fields: fc.array(fc.constantFrom(...SYSTEM_FIELDS, ...UNKNOWN_FIELDS, 'name', 'username', 'email'), { maxLength: 3 }),
        populate: fc.constantFrom('*', 'nope', true),
        filters: fc.record({ id: operatorObject }),
        sort: fc.constantFrom('id:asc', 'nope:desc'),
      },
      { requiredKeys: [] },
    ),
  );
  const good = rels.length
    ? fc.oneof(
        fc.constantFrom(...rels),
        fc.subarray(rels, { minLength: 1 }),
        fc.subarray(rels, { minLength: 1 }).map((l) => Object.fromEntries(l.map((r) => [r, true]))),
      )
    : fc.constant('*');
  return fc.oneof(
    { weight: 4, arbitrary: good },
    fc.constant('*'),
    name,
    fc.array(name, { maxLength: 3 }),
    fc.dictionary(name, entry, { maxKeys: 3 }),
    fc.tuple(fc.integer({ min: 2, max: 12 }), name).map(([n, r]) => nest(n, 'populate', { [r]: '*' })),
    fc.tuple(name, fc.integer({ min: 2, max: 8 })).map(([r, n]) => ({ [r]: nest(n, 'populate', '*') })),
  );
}

/** Parameters besides Strapi's: unknown ones, and `id` / `documentId` naming rows of the route's content-type (the upload route replaces the file `?id=` names). */
function extraParams(uid: string | null) {
  const ids = uid ? { id: idScalar(uid), documentId: idScalar(uid) } : {};
  return fc.oneof(
    fc.dictionary(fc.constantFrom('foo', '_q', 'status', 'locale', 'publicationState', '_t', 'hasPublishedVersion', 'start', 'limit', 'q'), scalar, {
      maxKeys: 2,
    }),
    fc.record(ids, { requiredKeys: [] }),
  );
}

/** A query for a route of content-type `ct` (and `uid`, the route's own): filters, sort, pagination, populate, fields, extras — or raw junk. */
export function querySpec(m: FuzzModel, ct: ApiContentType | undefined, uid: string | null, extraPercent = 5): fc.Arbitrary<QuerySpec> {
  const maybe = <T>(arb: fc.Arbitrary<T>, percent: number) =>
    fc.oneof({ weight: percent, arbitrary: arb }, { weight: 100 - percent, arbitrary: fc.constant(undefined) });
  const structured = fc
    .record({
      filters: maybe(filters(m, ct), 60),
      sort: maybe(sort(m, ct), 30),
      pagination: maybe(pagination, 50),
      populate: maybe(populate(m, ct), 30),
      fields: maybe(fc.oneof(fc.array(fieldName(ct), { maxLength: 4 }), fieldName(ct)), 15),
      extra: maybe(extraParams(uid), extraPercent),
    })
    .map(({ extra, ...q }) => ({ obj: { ...q, ...(extra ?? {}) } as Record<string, unknown> }));
  const junk = fc.string({ unit: fc.constantFrom(...'[]$=&%0aA._-;+#'.split('')), maxLength: 40 }).map((raw) => ({ raw }));
  // many conditions through relations at once (one and two levels deep), as an advanced search would send, alone in
  // the query and with clean values: one junk part would end the request before the query is built
  const wide = fc
    .tuple(fc.constantFrom('$and', '$or'), fc.array(relationCondition(m, ct), { minLength: 8, maxLength: 60 }))
    .map(([op, l]) => ({ obj: { filters: { [op]: l } } }));
  // the history's list takes its own parameters (and refuses Strapi's filters)
  const history = fc.tuple(historyParams(), maybe(pagination, 50)).map(([h, pg]) => ({ obj: { ...h, ...(pg === undefined ? {} : { pagination: pg }) } }));
  return fc.oneof(
    { weight: uid === HISTORY ? 24 : 0, arbitrary: history },
    { weight: 12, arbitrary: structured },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: ct ? 2 : 0, arbitrary: wide },
  );
}
