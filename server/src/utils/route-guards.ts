import type { Core } from '@strapi/strapi';

/**
 * Guards that belong to routes, not to path spellings (docs/architecture.md "Guards on routes").
 *
 * Strapi's router (koa-router) matches paths case-insensitively and ignores a trailing slash, so
 * `/API/Upload/` runs the same action as `/api/upload`. A global middleware that compares `ctx.path`
 * sees the spelling, the router acts on the meaning. These guards are therefore route middlewares:
 * they run only after the router matched, on whatever spelling reached the route, and they know
 * the route (`ctx.state.route`).
 *
 * - Every content-API route, ours and the plugins' (users-permissions, upload), gets
 *   `global::body-shape` and `global::query-shape` first in its `config.middlewares`: a route added
 *   tomorrow is covered without anyone listing it.
 * - A route's own guards are declared with the route (its router file's `config.middlewares`, or the
 *   plugin's extension for the upload route), e.g. `global::idempotency` and `global::upload-guard`.
 *
 * Called from the app's `register`, before Strapi builds its routers in bootstrap.
 */
export const EVERY_ROUTE = ['global::body-shape', 'global::query-shape'];

/** A route as declared in a router (Strapi's `Core.RouteInput`, read loosely: plugins declare theirs in several shapes). */
interface RouteDeclaration {
  method?: string;
  path?: string;
  handler?: unknown;
  config?: { middlewares?: unknown[]; [key: string]: unknown };
}

/** A router input: `{type, routes}`, or a factory with a `routes` property (createContentApiRoutesFactory). */
type RouterInput = { type?: string; routes?: RouteDeclaration[] } | (((...args: unknown[]) => unknown) & { routes?: RouteDeclaration[] });

/** Puts `names` first in the route's middlewares, once (a second call changes nothing). */
export function prependMiddlewares(route: RouteDeclaration, names: string[]): void {
  const current = route.config?.middlewares ?? [];
  const missing = names.filter((name) => !current.includes(name));
  route.config = { ...(route.config ?? {}), middlewares: [...missing, ...current] };
}

/** Every content-API route declaration of the app's APIs and of the plugins, as the objects Strapi will register. */
export function contentApiRoutes(strapi: Core.Strapi): RouteDeclaration[] {
  const found: RouteDeclaration[] = [];
  for (const api of Object.values(strapi.apis)) {
    // every router of an API folder is a content-API router (Strapi sets the type when it registers them)
    for (const router of Object.values((api.routes ?? {}) as Record<string, RouterInput>)) found.push(...(router.routes ?? []));
  }
  for (const plugin of Object.values(strapi.plugins)) {
    const routes = plugin.routes as unknown;
    if (Array.isArray(routes) || !routes || typeof routes !== 'object') continue; // a flat array is an admin router
    for (const [name, router] of Object.entries(routes as Record<string, RouterInput>)) {
      const type = typeof router === 'function' ? 'content-api' : router.type;
      if (name === 'content-api' || type === 'content-api') found.push(...(router.routes ?? []));
    }
  }
  return found;
}

/** Attaches {@link EVERY_ROUTE} to every content-API route (see the module comment). Returns how many routes it covered. */
export function attachRouteGuards(strapi: Core.Strapi): number {
  const routes = contentApiRoutes(strapi);
  for (const route of routes) prependMiddlewares(route, EVERY_ROUTE);
  return routes.length;
}
