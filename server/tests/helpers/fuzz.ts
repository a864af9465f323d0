import fc from 'fast-check';
import qs from 'qs';
import type { ApiContentType, ApiRoute } from '../global-setup';

/**
 * fast-check arbitraries for the query and body fuzzing of issue 8 ("Tests that generate the
 * attacks"). Everything is derived at run time from the route table and the content-type schemas
 * the running Strapi reports (global-setup's `contentApi`), so a new content-type, attribute or
 * route is fuzzed without anyone writing a test for it.
 *
 * Shapes: a generated request is `FuzzRequest` — method, a path template (`:param`s filled at send
 * time from `ids`), a query string (qs-encoded like the PWA's, or raw junk), an optional JSON body
 * (or raw text), and the login it is sent as.
 */
export type FuzzRole = 'admin' | 'despachante' | 'concessionaria' | 'vendedor' | 'anonymous';
export interface FuzzRequest {
  role: FuzzRole;
  method: string;
  route: ApiRoute;
  /** Index into the id pool of the route's content-type (or a bogus id); resolved at send time. */
  idPick: { kind: 'pool' | 'created' | 'bogus'; n: number; bogus: string };
  query: string;
  /** JSON value sent as application/json, or `{ raw }` sent as is with `contentType`. */
  body?: { json: unknown } | { raw: string; contentType: string };
}

const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];
const UNKNOWN_FIELDS = ['nope', 'password', 'resetPasswordToken', 'confirmationToken', 'constructor', 'toString', '$where', '0', '', 'a.b', 'id.id'];
const OPERATORS = [
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
const BOGUS_OPERATORS = ['$foo', '$where', '$raw', '$exists', '$regex', '$jsonSupersetOf', '$'];
const WEIRD_SCALARS = [
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

const scalar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WEIRD_SCALARS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** nests `inner` n levels deep under key `k` (`{k: {k: ... inner}}`). */
const nest = (n: number, k: string, inner: unknown): unknown => {
  let v = inner;
  for (let i = 0; i < n; i++) v = { [k]: v };
  return v;
};

export interface FuzzModel {
  routes: ApiRoute[];
  types: Map<string, ApiContentType>;
}

const attrNames = (ct: ApiContentType | undefined) => (ct ? Object.keys(ct.attributes) : []);
const relations = (ct: ApiContentType | undefined) =>
  ct ? Object.entries(ct.attributes).filter(([, a]) => (a.type === 'relation' || a.type === 'media') && (a.target || a.type === 'media')) : [];

function fieldName(ct: ApiContentType | undefined) {
  const own = [...attrNames(ct), ...SYSTEM_FIELDS];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN_FIELDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
  );
}

/** A field or a relation path (`rel.field`), as sort and filters take them. */
function fieldPath(m: FuzzModel, ct: ApiContentType | undefined) {
  const rels = relations(ct).filter(([, a]) => a.target && m.types.has(a.target));
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

/** A value that fits attribute `attr` (edge values included: bounds, huge numbers, odd dates). */
function typedScalar(attr: ApiContentType['attributes'][string] | undefined): fc.Arbitrary<unknown> {
  switch (attr?.type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return fc.oneof(fc.integer({ min: -5, max: 500 }), fc.constantFrom('2147483647', '2147483648', '99999999.99', '100000000', '1e20', '-0', '0.001'));
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
  const scalars = ct
    ? Object.entries(ct.attributes).filter(([, a]) => !['relation', 'media', 'component', 'dynamiczone', 'json', 'password'].includes(a.type) && !a.private)
    : [];
  const fields: Array<[string, ApiContentType['attributes'][string] | undefined]> = [
    ...scalars,
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
  const rels = relations(ct).filter(([, a]) => a.target && m.types.has(a.target));
  if (!rels.length || depth > 0) return direct;
  return fc.oneof(
    { weight: 3, arbitrary: direct },
    { weight: 1, arbitrary: fc.constantFrom(...rels).chain(([name, a]) => validLeaf(m, m.types.get(a.target!), depth + 1).map((l) => ({ [name]: l }))) },
  );
}

/** `{field: {$op: value}}`, `{field: value}`, `{field: [values]}` or `{relation: {targetField: ...}}`. */
function leaf(m: FuzzModel, ct: ApiContentType | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const direct = fc
    .tuple(
      fieldName(ct),
      fc.oneof({ weight: 5, arbitrary: operatorObject }, { weight: 2, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }),
    )
    .map(([f, v]) => ({ [f]: v }));
  const rels = relations(ct).filter(([, a]) => a.target && m.types.has(a.target));
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
const pagination = fc.oneof(
  { weight: 12, arbitrary: fc.record({ page: fc.integer({ min: 1, max: 4 }), pageSize: fc.integer({ min: 1, max: 25 }) }, { requiredKeys: [] }) },
  { weight: 2, arbitrary: fc.record({ start: fc.integer({ min: 0, max: 50 }), limit: fc.integer({ min: -1, max: 25 }) }, { requiredKeys: [] }) },
  {
    weight: 4,
    arbitrary: fc.record(
      { page: pageNumber, pageSize: pageNumber, start: pageNumber, limit: pageNumber, withCount: fc.constantFrom('true', 'false', 'x', null) },
      { requiredKeys: [] },
    ),
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

const extraParams = fc.dictionary(
  fc.constantFrom('foo', '_q', 'status', 'locale', 'publicationState', '_t', 'hasPublishedVersion', 'start', 'limit', 'q'),
  scalar,
  { maxKeys: 2 },
);

/** A query string for a route of content-type `ct`: filters, sort, pagination, populate, fields, extras — or raw junk. */
export function queryString(m: FuzzModel, ct: ApiContentType | undefined): fc.Arbitrary<string> {
  const maybe = <T>(arb: fc.Arbitrary<T>, percent: number) =>
    fc.oneof({ weight: percent, arbitrary: arb }, { weight: 100 - percent, arbitrary: fc.constant(undefined) });
  const structured = fc
    .record({
      filters: maybe(filters(m, ct), 60),
      sort: maybe(sort(m, ct), 30),
      pagination: maybe(pagination, 40),
      populate: maybe(populate(m, ct), 30),
      fields: maybe(fc.oneof(fc.array(fieldName(ct), { maxLength: 4 }), fieldName(ct)), 15),
      extra: maybe(extraParams, 5),
    })
    .map(({ extra, ...q }) => qs.stringify({ ...q, ...(extra ?? {}) }, { strictNullHandling: true, allowDots: false }));
  const junk = fc.string({ unit: fc.constantFrom(...'[]$=&%0aA._-;+#'.split('')), maxLength: 40 });
  return fc.oneof({ weight: 12, arbitrary: structured }, { weight: 1, arbitrary: junk }, { weight: 1, arbitrary: fc.constant('') });
}

/** A relation reference in one of Strapi 5's write forms, pointing at known, bogus or malformed ids. */
function relationValue(ids: string[]) {
  const known = ids.length ? fc.constantFrom(...ids) : fc.constantFrom(...BOGUS_IDS);
  const ref = fc.oneof(
    known.map((v) => (/^\d+$/.test(v) ? Number(v) : v)),
    fc.constantFrom(...BOGUS_IDS),
    fc.integer(),
    known.map((v) => (/^\d+$/.test(v) ? { id: Number(v) } : { documentId: v })),
    fc.record({ documentId: fc.oneof(known, fc.string({ maxLength: 30 })), locale: fc.constantFrom('pt-BR', 'xx', null) }, { requiredKeys: ['documentId'] }),
    fc.record({ id: scalar }),
    fc.record(
      { id: known, position: fc.record({ before: known, after: known, start: fc.boolean(), end: fc.boolean() }, { requiredKeys: [] }) },
      { requiredKeys: ['id'] },
    ),
  );
  return fc.oneof(
    ref,
    fc.array(ref, { maxLength: 4 }),
    fc.record(
      {
        connect: fc.oneof(fc.array(ref, { maxLength: 3 }), ref),
        disconnect: fc.oneof(fc.array(ref, { maxLength: 3 }), ref),
        set: fc.oneof(fc.array(ref, { maxLength: 3 }), ref),
      },
      { requiredKeys: [] },
    ),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
}

function attributeValue(attr: ApiContentType['attributes'][string], idsOf: (uid: string) => string[]) {
  const wrong = fc.jsonValue({ maxDepth: 2 });
  let right: fc.Arbitrary<unknown>;
  switch (attr.type) {
    case 'relation':
      right = relationValue(attr.target ? idsOf(attr.target) : []);
      break;
    case 'media':
      right = relationValue(idsOf('plugin::upload.file'));
      break;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      right = fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(1e20, -1, 0, 0.001, 99999999.99, 100000000, 2147483648, '12', 'abc', '1e309', 'NaN'),
        fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
      );
      break;
    case 'boolean':
      right = fc.oneof(fc.boolean(), fc.constantFrom('true', 'sim', 1, 0, 'false', ''));
      break;
    case 'date':
    case 'datetime':
    case 'time':
    case 'timestamp':
      right = fc.oneof(
        fc.date({ noInvalidDate: true, min: new Date(-1e14), max: new Date(1e14) }).map((d) => d.toISOString()),
        fc.constantFrom('2026-02-30', 'ontem', '99999-01-01', '2026-01-01', '25:00', '12:00:00.000', 0, -1, 1e15),
      );
      break;
    case 'enumeration':
      right = fc.oneof(fc.constantFrom(...((attr.enum as string[]) ?? ['x'])), fc.string({ maxLength: 10 }));
      break;
    case 'json':
      right = fc.jsonValue({ maxDepth: 4 });
      break;
    default:
      right = fc.oneof(
        { weight: 5, arbitrary: fc.string({ maxLength: 40 }) },
        { weight: 1, arbitrary: fc.constantFrom(...WEIRD_SCALARS) },
        { weight: 1, arbitrary: fc.constantFrom('x'.repeat(300), 'x'.repeat(70_000), 'a@b.co', '52998224725', '11222333000181') },
      );
  }
  return fc.oneof({ weight: 4, arbitrary: right }, { weight: 1, arbitrary: wrong });
}

const AUTH_FIELDS = ['identifier', 'password', 'email', 'code', 'passwordConfirmation', 'currentPassword', 'username', 'provider', 'name'];

/** A write body for a route of content-type `ct` ({data: {...}} or bare, for users-permissions), or junk. */
export function writeBody(m: FuzzModel, ct: ApiContentType | undefined, idsOf: (uid: string) => string[]): fc.Arbitrary<FuzzRequest['body']> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  if (ct) for (const [name, attr] of Object.entries(ct.attributes)) shape[name] = attributeValue(attr, idsOf);
  else
    for (const name of AUTH_FIELDS)
      shape[name] = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('52998224725', 'Balcao@2026', 'a@b.co', ''), fc.jsonValue({ maxDepth: 2 }));
  const goodShape: Record<string, fc.Arbitrary<unknown>> = {};
  if (ct)
    for (const [name, attr] of Object.entries(ct.attributes))
      if (!attr.private) goodShape[name] = attr.type === 'relation' ? relationValue(attr.target ? idsOf(attr.target) : []) : typedScalar(attr);
  const record = fc.oneof(
    { weight: 2, arbitrary: fc.record(goodShape, { requiredKeys: [] }) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.record(shape, { requiredKeys: [] }),
          fc.oneof(
            { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...UNKNOWN_FIELDS, 'id', 'documentId', 'createdAt', 'locale'), scalar, { maxKeys: 2 }) },
            { weight: 3, arbitrary: fc.constant({}) },
          ),
        )
        .map(([a, b]) => ({ ...b, ...a })),
    },
  );
  const json = fc.oneof(
    { weight: 8, arbitrary: record.map((d) => ({ data: d })) },
    { weight: 4, arbitrary: record },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.record({ data: fc.jsonValue({ maxDepth: 3 }) }) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 10, max: 60 }), fc.constantFrom('data', 'a', 'connect')).map(([n, k]) => ({ data: nest(n, k, 1) })) },
  );
  return fc.oneof(
    { weight: 20, arbitrary: json.map((j) => ({ json: j })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"data": {', 'null', '', '[]', '"x"', '{"data":{"a":1}}}').map((raw) => ({ raw, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((raw) => ({ raw: raw || 'x', contentType: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constantFrom('a=1&a[b]=2&data[x][$eq]=1', 'data=1').map((raw) => ({ raw, contentType: 'application/x-www-form-urlencoded' })) },
  );
}

/** Roles a request is sent as: the administrator, each scoped role, and no login. */
export const ROLES: FuzzRole[] = ['admin', 'despachante', 'concessionaria', 'vendedor', 'anonymous'];

/** How many of a run's requests go to `route`, relative to the others (lists and writes get more). */
export function routeWeight(route: ApiRoute): number {
  const params = /:|\(/.test(route.path);
  if (route.method === 'GET') return params ? 1 : 3;
  if (route.method === 'DELETE') return 1;
  return 3;
}

/** The arbitrary of one generated request to `route` of model `m`. */
export function routeRequest(m: FuzzModel, route: ApiRoute, idsOf: (uid: string) => string[]): fc.Arbitrary<FuzzRequest> {
  const ct = route.uid ? m.types.get(route.uid) : undefined;
  const role = fc.oneof(
    { weight: 4, arbitrary: fc.constant<FuzzRole>('admin') },
    { weight: 4, arbitrary: fc.constantFrom<FuzzRole>('despachante', 'concessionaria', 'vendedor') },
    { weight: 1, arbitrary: fc.constant<FuzzRole>('anonymous') },
  );
  const bogus = fc.constantFrom(...BOGUS_IDS);
  if (route.method === 'DELETE') {
    const idPick = fc.record({ kind: fc.constantFrom<'created' | 'bogus'>('created', 'bogus'), n: fc.nat(), bogus });
    return fc.record({ role, method: fc.constant('DELETE'), route: fc.constant(route), idPick, query: fc.constant('') });
  }
  const idPick = fc.record({ kind: fc.constantFrom<'pool' | 'created' | 'bogus'>('pool', 'pool', 'pool', 'created', 'bogus'), n: fc.nat(), bogus });
  if (route.method === 'GET') return fc.record({ role, method: fc.constant('GET'), route: fc.constant(route), idPick, query: queryString(m, ct) });
  return fc.record({
    role,
    method: fc.constant(route.method),
    route: fc.constant(route),
    idPick,
    query: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString(m, ct) }),
    body: writeBody(m, ct, idsOf),
  });
}

/**
 * `runs` requests over every route of `m` (each route gets its share by `routeWeight`, at least 3),
 * generated from `seed` and shuffled with it, so the same seed gives the same requests in the same order.
 */
export function generateRequests(m: FuzzModel, idsOf: (uid: string) => string[], seed: number, runs: number): FuzzRequest[] {
  const total = m.routes.reduce((n, r) => n + routeWeight(r), 0);
  const all = m.routes.flatMap((route, i) =>
    fc.sample(routeRequest(m, route, idsOf), { seed: seed + i, numRuns: Math.max(3, Math.ceil((runs * routeWeight(route)) / total)) }),
  );
  const order = fc.sample(fc.nat(), { seed, numRuns: all.length });
  return all
    .map((req, i) => [order[i], req] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, req]) => req);
}
