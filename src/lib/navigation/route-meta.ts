import type { Permission } from '../permissions';

/**
 * What a route needs to open (spec 000 §2.1): a permission triple of the role's tree,
 * `'signed-in'` (any signed-in user, no gate beyond login) or `'public'` (reachable without a
 * session: /login, /reset-password).
 */
export type RoutePermission = Permission | 'signed-in' | 'public';

/** The `staticData` every route carries; the guard (`_app.tsx`) reads the matched leaf's. */
export interface RouteMeta {
  permission: RoutePermission;
}

// Required, as TanStack Router's "Enforcing Static Data" guide shows: a route file without
// `staticData.permission` does not compile. The values come from src/app/route-table.ts.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    permission: RoutePermission;
  }
}

/** True for a route reachable without a session. */
export function isPublicRoute(meta: RouteMeta | undefined): boolean {
  return meta?.permission === 'public';
}

/** The permission triple a route needs, or undefined when a session is enough (or it is public). */
export function routeGate(meta: RouteMeta | undefined): Permission | undefined {
  const p = meta?.permission;
  return p && typeof p === 'object' ? p : undefined;
}
