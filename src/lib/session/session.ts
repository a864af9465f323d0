import { isApiError } from '../api/errors';
import type { PermissionTree } from '../permissions';
import * as remote from './api';
import type { SessionUser } from './api';
import { STORAGE_KEYS, clearSessionStorage, readJson, readToken, writeJson, writeToken } from './storage';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** What the app knows about who is signed in. */
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  permissions: PermissionTree | null;
}

/** The server calls the session needs (injectable for tests). */
export interface SessionDeps {
  authenticate(identifier: string, password: string): Promise<{ jwt: string }>;
  fetchMe(): Promise<SessionUser>;
  fetchRolePermissions(roleId: number): Promise<PermissionTree>;
  /** Ends the token's session on the server (POST /auth/logout); optional for tests. */
  revokeToken?(token: string): Promise<void>;
}

export interface Session {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /**
   * Session start (spec 000 §4); resolves when users/me (and the role) answered or failed.
   * `revalidateAfter`: on a warm start (stored user and permissions), users/me waits for it (main.tsx:
   * the first screen painted), so the check does not compete with that screen's chunks.
   */
  start(options?: { revalidateAfter?: Promise<unknown> }): Promise<SessionState>;
  /**
   * Resolves once the current start/login has settled, with the current state. A warm start is
   * settled at once: the stored user and permissions decide while users/me revalidates.
   */
  settled(): Promise<SessionState>;
  /** Login success path of spec 000 §4; resolves with the user. @throws ApiError on any failure (storage left clean). */
  login(identifier: string, password: string): Promise<SessionUser>;
  /** Reloads the current user (after a profile update, spec 000 §7 PUT /users/{id}). */
  refreshUser(): Promise<SessionUser | null>;
  /** Clears token, user and permissions (spec 000 §4 Logout). Navigation is the caller's. */
  logout(): void;
  /**
   * The user's Sair: asks the server to end the session (every token of the user dies) without
   * waiting for it — offline or failing, the local logout happens anyway — then {@link logout}.
   */
  signOut(): void;
  /**
   * Stores the token a password change answered (spec 000 §7 change-password: the server kills
   * every earlier token, so the profile keeps its session with the new one). User and permissions stay.
   */
  replaceToken(jwt: string): void;
}

const rejectsToken = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/** What the session does besides the server calls (injectable for tests). */
export interface SessionEnv {
  /** Another tab signed in as someone else while this one is signed in: reload (default `location.reload()`). */
  reload?: () => void;
}

/**
 * Creates the session store. Session start: stored token → `users/me?populate=role` →
 * the role's permissions. A 403 (and, our decision, a 401: the token is rejected) logs
 * out; other failures (offline, 5xx) fall back to the stored user and permissions when
 * both are present, else log out. With a stored user and permissions the state is
 * 'authenticated' from them at once (warm start) while that check runs; `start()` resolves
 * when it is done.
 * Tabs share one stored session: when another tab signs out (token or user gone) this tab is
 * signed out too, without touching storage (the other tab may be signing someone in already);
 * when another user's session is stored, this tab reloads into it ({@link SessionEnv.reload}).
 * So a tab never keeps showing one user's screens, queue and cache under another user's token.
 */
export function createSession(deps: SessionDeps = remote, env: SessionEnv = {}): Session {
  let state: SessionState = { status: 'loading', user: null, permissions: null };
  const listeners = new Set<() => void>();
  let pending: Promise<SessionState> = Promise.resolve(state);

  const set = (next: SessionState) => {
    state = next;
    for (const l of listeners) l();
  };
  /** Signs in; a revalidation that found the same user and permissions notifies no one (no re-render). */
  const signedIn = (user: SessionUser, permissions: PermissionTree) => {
    const same =
      state.status === 'authenticated' &&
      JSON.stringify(state.user) === JSON.stringify(user) &&
      JSON.stringify(state.permissions) === JSON.stringify(permissions);
    if (!same) set({ status: 'authenticated', user, permissions });
  };
  const logout = () => {
    clearSessionStorage();
    set({ status: 'anonymous', user: null, permissions: null });
  };

  const followOtherTab = (e: StorageEvent) => {
    if (e.key !== null && e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.user) return;
    if (state.status !== 'authenticated' || !state.user) return;
    const token = readToken();
    const storedId = readJson<{ id?: unknown }>(STORAGE_KEYS.user)?.id;
    if (token && storedId === state.user.id) return;
    if (!token || typeof storedId !== 'number') set({ status: 'anonymous', user: null, permissions: null });
    else (env.reload ?? (() => window.location.reload()))();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);

  const load = async (): Promise<SessionState> => {
    const user = await deps.fetchMe();
    writeJson(STORAGE_KEYS.user, user);
    const permissions = user.role ? await deps.fetchRolePermissions(user.role.id) : {};
    writeJson(STORAGE_KEYS.permissions, permissions);
    signedIn(user, permissions);
    return state;
  };

  const start = async (revalidateAfter?: Promise<unknown>): Promise<SessionState> => {
    if (!readToken()) {
      logout();
      return state;
    }
    // Warm start: with a stored user and permissions the shell paints at once from
    // them, and users/me revalidates in the background under the same rules below.
    const storedUser = readJson<SessionUser>(STORAGE_KEYS.user);
    const storedPermissions = readJson<PermissionTree>(STORAGE_KEYS.permissions);
    if (storedUser && storedPermissions) signedIn(storedUser, storedPermissions);
    else set({ ...state, status: 'loading' });
    try {
      if (state.status === 'authenticated' && revalidateAfter) await revalidateAfter;
      return await load();
    } catch (error) {
      if (rejectsToken(error)) {
        logout();
        return state;
      }
      const user = readJson<SessionUser>(STORAGE_KEYS.user);
      const permissions = readJson<PermissionTree>(STORAGE_KEYS.permissions);
      if (user && permissions) signedIn(user, permissions);
      else logout();
      return state;
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(options) {
      const run = start(options?.revalidateAfter);
      // Synchronous up to its first await: a warm start is already authenticated here.
      pending = state.status === 'authenticated' ? Promise.resolve(state) : run;
      return run;
    },
    // Always the state as it is now, not as it was when the last start/login finished.
    settled: () => pending.then(() => state),
    async login(identifier, password) {
      const run = (async () => {
        try {
          const { jwt } = await deps.authenticate(identifier, password);
          writeToken(jwt);
          return await load();
        } catch (error) {
          logout();
          throw error;
        }
      })();
      pending = run.catch(() => state);
      const next = await run;
      return next.user as SessionUser;
    },
    async refreshUser() {
      try {
        const user = await deps.fetchMe();
        writeJson(STORAGE_KEYS.user, user);
        if (state.permissions) signedIn(user, state.permissions);
        return user;
      } catch (error) {
        if (rejectsToken(error)) logout();
        return null;
      }
    },
    logout,
    signOut() {
      const token = readToken();
      if (token && deps.revokeToken) deps.revokeToken(token).catch(() => undefined);
      logout();
    },
    replaceToken(jwt) {
      if (!jwt) throw new Error('replaceToken: empty token');
      writeToken(jwt);
    },
  };
}
