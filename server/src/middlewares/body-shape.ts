import { errors } from '@strapi/utils';
import { PROTOTYPE_NAMES } from '../utils/query-errors';
import type { AppContext } from '../utils/types';

/**
 * `global::body-shape`, a route middleware of every content-API route (utils/route-guards.ts; it runs
 * after strapi::body parsed the body, on whatever spelling of the path the router matched).
 * For every content-API request that carries a body:
 * - a JSON/form body nested deeper than MAX_BODY_DEPTH (20) levels answers 400 before any handler
 *   walks it (5,000 levels overflow the stack of Strapi's validators → 500);
 * - a body of a type strapi::body does not parse (not JSON, urlencoded, multipart or text) answers
 *   415, instead of reaching controllers with no body at all (`/auth/local` → 500);
 * - a key, at any depth, that names a member of Object.prototype (`toString`, `valueOf`,
 *   `constructor`, …) answers 400 'Campo inválido: "<key>" não é um campo.'. Strapi looks attributes up
 *   with `attributes[key]`, finds the inherited function, keeps the key, and its yup validator then
 *   crashed (`field.resolve is not a function` → 500 on every create; found by the body fuzzer).
 *   No attribute has such a name; the query's twin is utils/query-errors.ts `assertNoPrototypeNames`.
 * Both are found in one walk with an explicit stack, so the checks themselves cannot overflow.
 */
export const MAX_BODY_DEPTH = 20;

/**
 * One walk of a parsed body: its depth (a scalar is 0, `{}` 1), stopping once it passes `limit`, and the
 * first object key that names a member of Object.prototype (null when none). Explicit stack, no recursion.
 */
export function inspectBody(value: unknown, limit = MAX_BODY_DEPTH): { depth: number; prototypeKey: string | null } {
  let depth = 0;
  let prototypeKey: string | null = null;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > depth) depth = d + 1;
    if (depth > limit) break;
    const isList = Array.isArray(v);
    for (const [key, child] of Object.entries(v as object)) {
      if (prototypeKey === null && !isList && PROTOTYPE_NAMES.has(key)) prototypeKey = key;
      stack.push([child, d + 1]);
    }
  }
  return { depth, prototypeKey };
}

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  if (!ctx.request.length && !ctx.get('transfer-encoding')) return next();
  if (ctx.request.body === undefined && !ctx.is('json', 'urlencoded', 'multipart', 'text')) {
    ctx.status = 415;
    ctx.body = {
      data: null,
      error: {
        status: 415,
        name: 'UnsupportedMediaTypeError',
        message: 'Tipo de conteúdo não suportado: envie application/json (ou multipart/form-data para arquivos).',
        details: {},
      },
    };
    return;
  }
  const { depth, prototypeKey: key } = inspectBody(ctx.request.body);
  if (depth > MAX_BODY_DEPTH) {
    throw new errors.ValidationError(`Corpo da requisição aninhado demais (máximo de ${MAX_BODY_DEPTH} níveis).`, { source: 'body' });
  }
  if (key !== null) throw new errors.ValidationError(`Campo inválido: "${key}" não é um campo.`, { source: 'body', key });
  return next();
};
