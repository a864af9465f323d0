import { hasPermission } from '../permissions';
import type { SessionState } from '../session/session';
import type { RouteMeta } from './route-table';

export type GuardDecision = { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: '/login' | '/' };

/**
 * The one route guard (spec 000 §2.1 notes and §4 "Route guard"), as a pure decision:
 * - public route (/login): an authenticated visitor goes to `/`, others stay;
 * - while the session loads: a placeholder;
 * - no user, or permissions not loaded: `/login`;
 * - the route's permission missing from the role's tree: `/`;
 * - otherwise allow. A route without a permission needs only a signed-in user.
 */
export function decideAccess(state: SessionState, meta: RouteMeta | undefined): GuardDecision {
  if (meta?.public) {
    if (state.status === 'authenticated') return { kind: 'redirect', to: '/' };
    return state.status === 'loading' ? { kind: 'loading' } : { kind: 'allow' };
  }
  if (state.status === 'loading') return { kind: 'loading' };
  if (!state.user || !state.permissions) return { kind: 'redirect', to: '/login' };
  if (meta?.permission && !hasPermission(state.permissions, meta.permission)) return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}
