import { useSyncExternalStore } from 'react';
import { createSession, type Session, type SessionState } from './session';

export { createSession } from './session';
export type { Session, SessionState, SessionStatus, SessionDeps, SessionEnv } from './session';
export type { SessionUser } from './api';
export { STORAGE_KEYS, readToken } from './storage';

/** The app's session (one per page). Routers get it through their context. */
export const session: Session = createSession();

/** Subscribes a component to the session state. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** Id of the signed-in user, or 'anonymous'. Every query key starts with it. */
export function currentUserKey(): number | 'anonymous' {
  return session.getState().user?.id ?? 'anonymous';
}

/**
 * A query key scoped to the signed-in user: `[userId, ...parts]`. Use it in every
 * feature's query-key factory so one user's cache never answers for another's.
 */
export function userQueryKey<const T extends readonly unknown[]>(...parts: T): [number | 'anonymous', ...T] {
  return [currentUserKey(), ...parts];
}

/** Display helpers for the sidebar footer and the profile (spec 000 §2.2, §2.8). */
export function userInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'U';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase().slice(0, 2);
}

/**
 * True for an administrator: user type `admin` or a role of type `administrador` (the server's
 * `isAdminUser`, server/src/utils/scope.ts). Screens use it for what the server allows only to
 * administrators beyond the permission tree (e.g. updating another user's account).
 */
export function isAdministrator(
  user: { type?: string | null | undefined; role?: { type?: string | null | undefined } | null | undefined } | null | undefined,
): boolean {
  return user?.type === 'admin' || user?.role?.type === 'administrador';
}
