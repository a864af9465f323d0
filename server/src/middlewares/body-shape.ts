import { errors } from '@strapi/utils';
import type { AppContext } from '../utils/types';

/**
 * `global::body-shape`, right after strapi::body (issue 8 item 6 "No request answers 5xx because
 * of its body"). For every /api request that carries a body:
 * - a JSON/form body nested deeper than MAX_BODY_DEPTH (20) levels answers 400 before any handler
 *   walks it (5,000 levels used to overflow the stack of Strapi's validators → 500);
 * - a body of a type strapi::body does not parse (not JSON, urlencoded, multipart or text) answers
 *   415, instead of reaching controllers with no body at all (`/auth/local` → 500).
 * The depth is measured without recursion, so the check itself cannot overflow.
 */
export const MAX_BODY_DEPTH = 20;

/** Depth of a parsed JSON value (a scalar is 0, `{}` 1), stopping once it passes `limit`. */
export function bodyDepth(value: unknown, limit = MAX_BODY_DEPTH): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const child of Object.values(v as object)) stack.push([child, d + 1]);
  }
  return max;
}

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  if (!ctx.path.startsWith('/api/') || (!ctx.request.length && !ctx.get('transfer-encoding'))) return next();
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
  if (bodyDepth(ctx.request.body) > MAX_BODY_DEPTH) {
    throw new errors.ValidationError(`Corpo da requisição aninhado demais (máximo de ${MAX_BODY_DEPTH} níveis).`, { source: 'body' });
  }
  return next();
};
