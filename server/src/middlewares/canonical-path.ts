import type { Core } from '@strapi/strapi';
import { contentApiRoutes } from '../utils/route-guards';
import type { AppContext } from '../utils/types';

/**
 * `global::canonical-path`, early in the stack: an API path spelled in a way no client of this API
 * spells it answers 404 before anything runs (docs/architecture.md "Guards on routes").
 *
 * Strapi's router matches a path whatever the case of its letters, and decodes a route's
 * parameters, so `/api/CONNECT/x` reaches users-permissions' connect action (which reads the raw URL
 * and fails with a 500) and `/api/document-types/get-s%69gned-url` reaches the `:id` route beside the
 * literal one. The guards already run on the route the router matched (utils/route-guards.ts); this
 * refuses the remaining spellings outright:
 * - a literal segment of a content-API route (`sales-orders`, `upload`, `connect`, `get-signed-url`,
 *   `createDispatcher`, a plugin's name) written in another case than its route declares;
 * - a percent-encoded letter, digit or one of `-._~`, which no client needs to encode (an encoded
 *   `/` in a CNPJ, `%2F`, stays: it is a parameter's own character).
 * Parameters (ids, documentIds) are not literal segments and are left as sent.
 */
const UNRESERVED = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DdEe]|5[Ff]|7[Ee])/;

/** The routes' literal segments: lower case → the spellings the routes declare (`createdispatcher` → `createDispatcher`). */
export type Literals = ReadonlyMap<string, ReadonlySet<string>>;

/** Whether `path` (Koa's `ctx.path`, still percent-encoded) is an API path spelled canonically, given the routes' literal segments. */
export function isCanonicalApiPath(path: string, literals: Literals): boolean {
  if (UNRESERVED.test(path)) return false;
  return path.split('/').every((segment) => {
    const declared = literals.get(segment.toLowerCase());
    return !declared || declared.has(segment);
  });
}

/** The literal segments of every content-API route (and the API prefix and plugin names), as declared. */
function literalSegments(strapi: Core.Strapi): Map<string, Set<string>> {
  const words = new Map<string, Set<string>>();
  const add = (segment: string) => words.set(segment.toLowerCase(), (words.get(segment.toLowerCase()) ?? new Set<string>()).add(segment));
  for (const name of ['api', ...Object.keys(strapi.plugins)]) add(name);
  for (const route of contentApiRoutes(strapi)) {
    for (const segment of String(route.path ?? '').split('/')) if (segment && !segment.startsWith(':') && !segment.includes('(')) add(segment);
  }
  return words;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  let literals: Literals | undefined;
  return async (ctx: AppContext, next: () => Promise<void>) => {
    if (!/^\/api(?:\/|$)/i.test(ctx.path)) return next();
    literals ??= literalSegments(strapi);
    if (isCanonicalApiPath(ctx.path, literals)) return next();
    ctx.status = 404;
    ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };
  };
};
