/**
 * Browser storage of the session (spec 000 §3 "Session (browser storage keys): token,
 * user, permissions"). Values are JSON except `token`, which is the bare JWT.
 */
export const STORAGE_KEYS = { token: 'token', user: 'user', permissions: 'permissions' } as const;

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The stored JWT, or null. */
export function readToken(): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS.token) ?? null;
}

/** Stores (or, with null, removes) the JWT. */
export function writeToken(token: string | null): void {
  const s = safeStorage();
  if (!s) return;
  if (token) s.setItem(STORAGE_KEYS.token, token);
  else s.removeItem(STORAGE_KEYS.token);
}

/** Id of the stored user (`user` key), or null when none is stored or it has no numeric id. */
export function readStoredUserId(): number | null {
  const id = readJson<{ id?: unknown }>(STORAGE_KEYS.user)?.id;
  return typeof id === 'number' ? id : null;
}

/** Reads a JSON value; a missing or unparsable value gives null. */
export function readJson<T>(key: string): T | null {
  const raw = safeStorage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON value; null removes the key. */
export function writeJson(key: string, value: unknown): void {
  const s = safeStorage();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, JSON.stringify(value));
}

/** Removes token, user and permissions (logout, spec 000 §4). */
export function clearSessionStorage(): void {
  const s = safeStorage();
  if (!s) return;
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
}
