import { hasPermission } from '../permissions';
import type { SessionState } from '../session/session';
import { isPublicRoute, routeGate, type RouteMeta } from './route-meta';

export type GuardDecision = { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: '/login' | '/' };

/**
 * The one route guard (spec 000 §2.1 notes and §4 "Route guard"), as a pure decision:
 * - public route (/login): an authenticated visitor goes to `/`, others stay;
 * - while the session loads: a placeholder;
 * - no user, or permissions not loaded: `/login`;
 * - the route's permission missing from the role's tree: `/`;
 * - otherwise allow. A `'signed-in'` route needs only a signed-in user.
 */
export function decideAccess(state: SessionState, meta: RouteMeta | undefined): GuardDecision {
  if (isPublicRoute(meta)) {
    if (state.status === 'authenticated') return { kind: 'redirect', to: '/' };
    return state.status === 'loading' ? { kind: 'loading' } : { kind: 'allow' };
  }
  if (state.status === 'loading') return { kind: 'loading' };
  if (!state.user || !state.permissions) return { kind: 'redirect', to: '/login' };
  const gate = routeGate(meta);
  if (gate && !hasPermission(state.permissions, gate)) return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}
