/**
 * Where a user was when the session ended under them (a 401 after it started), so /login can
 * send them back after signing in. An explicit Sair does not set it.
 */
let pending: string | undefined;

/** Remembers `href` (path + search) for the next redirect to /login. */
export function rememberReturnTo(href: string): void {
  pending = safeRedirect(href);
}

/** The remembered place (still remembered: render may run twice); undefined when none. */
export function peekReturnTo(): string | undefined {
  return pending;
}

/** Forgets the remembered place (after signing in). */
export function clearReturnTo(): void {
  pending = undefined;
}

/** `search` of a redirect to /login: `{ redirect }` when a place is remembered, else none. */
export function loginSearch(): { redirect?: string } {
  return pending ? { redirect: pending } : {};
}

/**
 * `value` when it is a same-origin path to go back to after signing in (`/sales-orders?page=2`),
 * else undefined: absolute URLs, protocol-relative `//host`, backslash tricks and /login itself
 * are refused, so `?redirect=` cannot send anyone to another site.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  const base = 'http://balcao.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
