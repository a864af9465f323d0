import { errors } from '@strapi/utils';
import { isObject } from './types';

/**
 * The query checks of `global::query-shape` (src/middlewares/query-shape.ts): a request's `filters`,
 * `fields`, `sort`, `populate` names and pagination are refused with a readable 400 before Strapi
 * reads them. Validation only; the search's filter speed-ups are utils/search/list-filters.ts.
 */

/**
 * Strapi 5.54's query builder throws plain `Error`s (→ HTTP 500) for some malformed filters that
 * pass the content-API validators: `filters[$or]=x`, `filters[id][$eq][$eq]=1`, a non-numeric value
 * on a number field (`filters[pedido_id][$eq]=abc`, `NaN`, `-Infinity`). They are the client's
 * fault, so they become a 400 with a readable message. Only these messages are mapped; any
 * other error still surfaces as a 500.
 */
const QUERY_SHAPE_ERRORS = [
  /^Expected a valid Number, got /,
  /^Undefined attribute level operator /,
  /^Operator \S+ must be an array$/,
  /^Only \$and, \$or and \$not can only be used as root level operators/,
  /^Where must be an array or an object$/,
  /^Operator and non-operator keys cannot be mixed/,
  /^Only one operator key is allowed/,
  /^You cannot filter on /,
  /^Where must be an object$/,
  /^Name cannot be null$/,
  /^The second argument to whereBetween must be an array/,
];

/** true for the query-builder errors listed above. */
export function isQueryShapeError(err: unknown): err is Error {
  return err instanceof Error && !(err instanceof errors.ApplicationError) && QUERY_SHAPE_ERRORS.some((re) => re.test(err.message));
}

/** Runs `fn`, turning a query-shape error into a 400 'Filtro inválido: ...'. */
export async function guardQuery<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isQueryShapeError(err)) throw new errors.ValidationError(`Filtro inválido: ${err.message}`, { source: 'query' });
    throw err;
  }
}

/** The largest integer column value (32-bit signed), for `id` and integer fields. */
export const INT_MAX = 2147483647;
const INT_VALUE = /^-?\d{1,10}$/;
const SCALAR_OPS = new Set([
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$null',
  '$notNull',
]);
const LIST_OPS = new Set(['$in', '$notIn']);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
/** qs turns `x[0]=a` into an array but `x[30]=a` (past its arrayLimit) into `{30: 'a'}`: both are lists. */
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : isObject(v) ? Object.values(v) : [v]);

/**
 * Checks the shape of a `filters` query (as parsed by qs) before Strapi sees it, so no malformed
 * tree reaches the query builder or the driver (where it would become a 500):
 * - the tree and every `$and`/`$or` member and `$not` operand are objects (not lists, not text:
 *   `filters[]=1` and `filters[$not]=1` are refused);
 * - comparison operators take one scalar; `$in`/`$notIn` a scalar or a list of scalars;
 *   `$between` a list of exactly two scalars (`filters[id][$between]=1` is refused);
 * - a field compared directly takes a scalar or a list of scalars;
 * - `$jsonSupersetOf` is refused (no public content-type has a JSON attribute);
 * - at most 12 levels of nesting.
 * Throws a 400 ValidationError 'Filtro inválido: ...'.
 */
export function assertFilterShape(filters: unknown, depth = 0): void {
  if (filters == null) return;
  const bad = (why: string): never => {
    throw new errors.ValidationError(`Filtro inválido: ${why}`, { source: 'query', param: 'filters' });
  };
  if (depth > 12) bad('aninhamento excessivo');
  if (!isObject(filters)) bad('esperado um objeto');
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    if (SCALAR_OPS.has(key)) {
      if (!isScalar(value)) bad(`${key} espera um valor simples`);
    } else if (LIST_OPS.has(key)) {
      if (!listOf(value).every(isScalar)) bad(`${key} espera uma lista de valores simples`);
    } else if (key === '$between') {
      const list = listOf(value);
      if ((!isObject(value) && !Array.isArray(value)) || list.length !== 2 || !list.every(isScalar)) bad('$between espera uma lista de dois valores simples');
    } else if (key === '$jsonSupersetOf') {
      // Only JSON attributes take it, and no content-type with routes has one (idempotency-key is
      // internal); on a text or number column SQLite's driver throws and PostgreSQL has no @> (500).
      bad('$jsonSupersetOf não é aceito (nenhum campo filtrável é JSON)');
    } else if (key === '$and' || key === '$or') {
      if (!isObject(value) && !Array.isArray(value)) bad(`${key} espera uma lista`);
      for (const v of listOf(value)) assertFilterShape(v, depth + 1);
    } else if (key === '$not') {
      assertFilterShape(value, depth + 1);
    } else if (Array.isArray(value)) {
      if (!value.every(isScalar)) bad(`"${key}" espera um valor simples ou uma lista de valores simples`);
      if (key === 'id') assertIdValues(value, bad);
    } else if (isObject(value)) {
      assertFilterShape(value, depth + 1);
      if (key === 'id') {
        for (const [op, operand] of Object.entries(value)) if (ID_COMPARISONS.has(op)) assertIdValues(listOf(operand), bad);
      }
    } else if (key === 'id') {
      assertIdValues([value], bad);
    }
  }
}

const ID_COMPARISONS = new Set(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between']);
/**
 * `id` is the integer primary key of every content-type: a comparison with anything but an integer
 * of at most 2147483647 can match nothing, yet PostgreSQL rejects it (22P02/22003) while SQLite
 * answers an empty page. Both databases answer the same 400 instead.
 */
function assertIdValues(values: unknown[], bad: (why: string) => never): void {
  for (const v of values) {
    if (v === null) continue;
    if ((typeof v !== 'string' && typeof v !== 'number') || !INT_VALUE.test(String(v)) || Math.abs(Number(v)) > INT_MAX) {
      bad(`id espera um número inteiro de no máximo ${INT_MAX}`);
    }
  }
}

/** Calls `fn` with every `key` entry (e.g. `fields`, `sort`) found inside a `populate` tree, up to 20 levels. */
function forEachInPopulate(populate: unknown, key: string, fn: (value: unknown) => void): void {
  const stack: Array<[unknown, number]> = [[populate, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if ((!isObject(node) && !Array.isArray(node)) || depth > 20) continue;
    for (const [k, value] of Object.entries(node)) {
      if (k === key) fn(value);
      else stack.push([value, depth + 1]);
    }
  }
}

/**
 * Checks `fields` (top level and inside `populate` entries): a non-empty field name or a list of
 * them. `fields=` (an empty name) would reach the query builder ("Name cannot be null" → 500).
 * Throws a 400 'Campos inválidos: ...'.
 */
export function assertFieldsShape(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const bad = (why: string): never => {
    throw new errors.ValidationError(`Campos inválidos: ${why}`, { source: 'query', param: 'fields' });
  };
  const check = (fields: unknown) => {
    for (const f of listOf(fields)) if (typeof f !== 'string' || f.trim() === '') bad('cada campo deve ser um nome não vazio');
  };
  if (query.fields !== undefined) check(query.fields);
  forEachInPopulate(query.populate, 'fields', check);
}

/** The names of Object.prototype's members (`toString`, `valueOf`, `constructor`, `__proto__`, …): never an attribute. */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Refuses a field, filter, sort or populate name that is a property of Object.prototype
 * (`fields=toString`, `sort=constructor:asc`, `filters[valueOf][$eq]=1`): Strapi's validators look
 * attributes up with `attributes[name]`, find the inherited function and let the name through to
 * the SQL ("no such column" → 500). No attribute has such a name. Throws a 400 'Parâmetro inválido: ...'.
 */
export function assertNoPrototypeNames(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const bad = (name: string): never => {
    throw new errors.ValidationError(`Parâmetro inválido: "${name}" não é um campo`, { source: 'query' });
  };
  const names = (v: unknown) => listOf(v).flatMap((x) => (typeof x === 'string' ? x.split(/[,:.]/) : []));
  const stack: Array<[unknown, number]> = [[query, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if ((!isObject(node) && !Array.isArray(node)) || depth > 40) continue;
    for (const [key, value] of Object.entries(node)) {
      if (PROTOTYPE_NAMES.has(key)) bad(key);
      if (key === 'fields' || key === 'sort') for (const n of names(value)) if (PROTOTYPE_NAMES.has(n.trim())) bad(n.trim());
      if (key === 'populate') for (const n of names(value)) if (PROTOTYPE_NAMES.has(n.trim())) bad(n.trim());
      stack.push([value, depth + 1]);
    }
  }
}

const SORT_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const SORT_DIRECTION = /^(asc|desc)$/i;
/** Built-in scalar keys every content-type has: nothing can follow them in a sort path. */
const SCALAR_KEYS = new Set(['id', 'documentId']);

/**
 * Checks `sort` (top level and inside `populate` entries): `field`, `relation.field`, optionally
 * `:asc`/`:desc` (any case), as text (comma separated), a list of such texts, or objects whose
 * leaves are 'asc'/'desc'. `sort=state_id.publishedAt:sideways` would reach knex's PostgreSQL
 * compiler as a non-direction (TypeError → 500; found by the query fuzzer), and so would a path that
 * goes on past `id` or `documentId` (`sort=sales_order.id.id:DESC`: Strapi's sort validator lets
 * the built-in keys through without looking further; fuzz seed 1052320131 on PostgreSQL). Throws
 * a 400 'Ordenação inválida: ...'.
 */
export function assertSortShape(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const bad = (why: string): never => {
    throw new errors.ValidationError(`Ordenação inválida: ${why}`, { source: 'query', param: 'sort' });
  };
  const checkPath = (path: string, shown: string): void => {
    if (!SORT_PATH.test(path)) bad(`"${shown}"`);
    const segments = path.split('.');
    if (segments.slice(0, -1).some((s) => SCALAR_KEYS.has(s))) bad(`"${shown}" (id e documentId não têm subcampos)`);
  };
  const checkObject = (node: Record<string, unknown>, depth: number): void => {
    if (depth > 12) bad('aninhamento profundo demais');
    for (const [key, value] of Object.entries(node)) {
      checkPath(key, key);
      if (SCALAR_KEYS.has(key) && typeof value !== 'string') bad(`"${key}" (id e documentId não têm subcampos)`);
      if (typeof value === 'string') {
        if (!SORT_DIRECTION.test(value.trim())) bad(`direção "${value}" (use asc ou desc)`);
      } else if (isObject(value)) checkObject(value, depth + 1);
      else bad(`direção de "${key}" (use asc ou desc)`);
    }
  };
  const check = (sort: unknown): void => {
    for (const entry of listOf(sort)) {
      if (typeof entry === 'string') {
        for (const item of entry.split(',')) {
          const [path, direction, ...rest] = item.trim().split(':');
          if (rest.length) bad(`"${item}"`);
          checkPath(path ?? '', item);
          if (direction !== undefined && !SORT_DIRECTION.test(direction.trim())) bad(`direção "${direction}" (use asc ou desc)`);
        }
      } else if (isObject(entry)) checkObject(entry, 0);
      else bad('esperado texto "campo:asc|desc" ou objeto');
    }
  };
  if (query.sort !== undefined) check(query.sort);
  forEachInPopulate(query.populate, 'sort', check);
}

/** Key and smallest accepted value (`limit=-1` is Strapi's "no limit", capped by api.rest.maxLimit). */
const PAGINATION_KEYS: Array<[string, number]> = [
  ['page', 1],
  ['pageSize', 1],
  ['start', 0],
  ['limit', -1],
];

/**
 * Checks `pagination[page|pageSize|start|limit]` and the top-level `start`/`limit`: each must be
 * an integer up to 2147483647, page and pageSize at least 1, start at least 0, limit at least -1
 * (Strapi's "no limit"). A 20-digit offset would reach the driver ("datatype mismatch" on
 * SQLite → 500), and `page=-1` would answer 200 on one route and 400 on another. Throws a 400
 * 'Paginação inválida: ...'.
 */
export function assertPaginationShape(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const bad = (why: string): never => {
    throw new errors.ValidationError(`Paginação inválida: ${why}`, { source: 'query', param: 'pagination' });
  };
  const check = (name: string, v: unknown, min: number) => {
    if (v === undefined) return;
    if ((typeof v !== 'string' && typeof v !== 'number') || !INT_VALUE.test(String(v)) || Number(v) > INT_MAX || Number(v) < min) {
      bad(`${name} deve ser um número inteiro entre ${min} e ${INT_MAX}`);
    }
  };
  const { pagination } = query;
  if (pagination !== undefined) {
    if (!isObject(pagination)) bad('esperado um objeto');
    for (const [key, min] of PAGINATION_KEYS) check(`pagination[${key}]`, (pagination as Record<string, unknown>)[key], min);
  }
  check('start', query.start, 0);
  check('limit', query.limit, -1);
}
