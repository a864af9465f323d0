import { errors } from '@strapi/utils';

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

/** Koa middleware form (for a global or route middleware): same mapping for any handler below it. */
export const queryErrorsMiddleware = async (_ctx: unknown, next: () => Promise<void>) => guardQuery(next);

const SCALAR_OPS = new Set(['$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null', '$notNull']);
const LIST_OPS = new Set(['$in', '$notIn', '$between']);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Checks the shape of a `filters` query (as parsed by qs): comparison operators take one scalar,
 * $in/$notIn/$between a scalar or a list of scalars, $and/$or a list. Strapi passes an object
 * given to `$eq` straight to the driver (a 500); this answers 400 'Filtro inválido' instead.
 */
export function assertFilterShape(filters: unknown, depth = 0): void {
  if (filters == null) return;
  const bad = (why: string): never => {
    throw new errors.ValidationError(`Filtro inválido: ${why}`, { source: 'query', param: 'filters' });
  };
  if (depth > 12) bad('aninhamento excessivo');
  if (typeof filters !== 'object') bad('esperado um objeto');
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    if (SCALAR_OPS.has(key)) {
      if (!isScalar(value)) bad(`${key} espera um valor simples`);
    } else if (LIST_OPS.has(key)) {
      const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [value];
      if (!list.every(isScalar)) bad(`${key} espera uma lista de valores simples`);
    } else if (key === '$and' || key === '$or') {
      if (!value || typeof value !== 'object') bad(`${key} espera uma lista`);
      for (const v of Object.values(value as object)) assertFilterShape(v, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      assertFilterShape(value, depth + 1);
    }
  }
}
