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
 * `home` is the meta of `/` (user me, spec 000 §2.1): a session whose tree lacks it has nowhere to
 * be sent back to, so it goes to /login instead, and /login lets it stay (no loop). A session
 * normally cannot lack it: its start reads users/me, which needs it.
 */
export function decideAccess(state: SessionState, meta: RouteMeta | undefined, home?: RouteMeta): GuardDecision {
  const mayOpen = (m: RouteMeta | undefined) => {
    const gate = routeGate(m);
    return !gate || hasPermission(state.permissions, gate);
  };
  if (isPublicRoute(meta)) {
    if (state.status === 'authenticated') return mayOpen(home) ? { kind: 'redirect', to: '/' } : { kind: 'allow' };
    return state.status === 'loading' ? { kind: 'loading' } : { kind: 'allow' };
  }
  if (state.status === 'loading') return { kind: 'loading' };
  if (!state.user || !state.permissions) return { kind: 'redirect', to: '/login' };
  if (!mayOpen(meta)) return { kind: 'redirect', to: mayOpen(home) ? '/' : '/login' };
  return { kind: 'allow' };
}
