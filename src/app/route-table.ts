import type { RouteMeta } from '@/lib/navigation/route-meta';
import type { FileRoutesByPath } from '@tanstack/react-router';
import { userResource } from '@/features/users/resource';
import { RESOURCES } from './resources';

/**
 * The route table of spec 000 §2.1 and the business screens of spec 001 §2: path → the
 * permission it needs. A resource's routes come from its declaration (`features/<x>/resource.ts`,
 * `routes`); the app's own pages are below. Every route file passes its entry as `staticData`
 * (`staticData: routeMeta('/users')`); the guard reads it from the matched route and the menu
 * (src/app/menu.ts) reads the same declarations.
 *
 * This lives in src/app (not lib/) because it reads features: lib/ never imports a feature.
 */

const signedIn = { permission: 'signed-in' } as const;
const open = { permission: 'public' } as const;

/** The pages that belong to no resource. */
const APP_ROUTES: Record<string, RouteMeta> = {
  '/login': open,
  '/reset-password': open,
  // Spec 000 §2.1: the home needs user me, like its menu item. Without it there is no "/" to
  // fall back to: the guard sends the session to /login (lib/navigation/guard.ts).
  '/': { permission: userResource.permission('me') },
  // The offline queue: every signed-in user sees only their own queued items.
  '/fila': signedIn,
};

/**
 * The table: the app's pages plus every declared route, each with its resource's action (or a
 * session only). @throws Error at load when two declarations claim the same path.
 */
export const ROUTE_TABLE: Readonly<Record<string, RouteMeta>> = (() => {
  const table: Record<string, RouteMeta> = { ...APP_ROUTES };
  for (const resource of RESOURCES) {
    for (const [path, access] of Object.entries(resource.routes ?? {})) {
      if (table[path]) throw new Error(`rota ${path} declarada duas vezes`);
      table[path] = access === 'signed-in' ? signedIn : { permission: resource.permission(access) };
    }
  }
  return table;
})();

type WithoutSlash<P extends string> = P extends '/' ? P : P extends `${infer Head}/` ? Head : P;
/** A path of the app's route tree ('/states', '/state/$id', '/receivables'), as the generated route tree knows it. */
export type AppRoutePath = WithoutSlash<FileRoutesByPath[keyof FileRoutesByPath]['fullPath']>;

/** The `staticData` of a route: its entry of {@link ROUTE_TABLE}. @throws Error when no declaration gives the path. */
export function routeMeta(path: AppRoutePath): RouteMeta {
  const meta = ROUTE_TABLE[path.length > 1 ? path.replace(/\/$/, '') : path];
  if (!meta) throw new Error(`rota ${path} sem permissão declarada (features/<recurso>/resource.ts, routes)`);
  return meta;
}
