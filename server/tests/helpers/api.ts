import { inject } from 'vitest';

/** The seeded logins (docs/architecture.md); password for all is SEED_PASSWORD. */
export const SEED_PASSWORD = 'Balcao@2026';
export const LOGINS = {
  admin: '52998224725',
  despachante: '11222333000181',
  concessionaria: '45283095000136',
  vendedor: '11144477735',
} as const;
export type SeedRole = keyof typeof LOGINS;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Base URL of the API under test (…/api). */
export const apiUrl = () => inject('apiUrl');
/** Origin of the server under test (for /uploads/…). */
export const originUrl = () => inject('originUrl');

/**
 * One HTTP call to the API under test. `path` starts with "/" and is relative to /api;
 * a JSON body is sent as JSON, a FormData as multipart. Never throws on HTTP status.
 */
export async function api<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const tokens = new Map<string, string>();

/** Logs in (cached per identifier) and returns the JWT. Throws when login fails. */
export async function login(who: SeedRole | { identifier: string; password: string }): Promise<string> {
  const creds = typeof who === 'string' ? { identifier: LOGINS[who], password: SEED_PASSWORD } : who;
  const cached = tokens.get(creds.identifier + creds.password);
  if (cached) return cached;
  const res = await api('POST', '/auth/local', { body: creds });
  if (res.status !== 200) throw new Error(`login ${creds.identifier} failed: ${res.status} ${JSON.stringify(res.body)}`);
  tokens.set(creds.identifier + creds.password, res.body.jwt);
  return res.body.jwt;
}

/** Directory where the offline e-mail provider writes messages (EMAIL_OUTBOX_DIR). */
export const emailOutbox = () => inject('emailOutbox');

/** The newest message written to the e-mail outbox for `to`, or null. Shape: {to, subject, text, html, links}. */
export async function latestEmail(to: string): Promise<any | null> {
  const { readdirSync, readFileSync, existsSync } = await import('node:fs');
  const dir = emailOutbox();
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const f of files.reverse()) {
    const msg = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
    if (msg.to === to) return msg;
  }
  return null;
}

/**
 * The newest outbox message for `to` written after `since` (ms epoch), polled for up to
 * `timeoutMs`: forgot-password sends its e-mail after answering. null on timeout.
 */
export async function waitForEmail(to: string, since = 0, timeoutMs = 10_000): Promise<any | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await latestEmail(to);
    if (mail && Date.parse(mail.sentAt) >= since) return mail;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A GET of a path on the server origin (e.g. /uploads/x.pdf?expires=…), not under /api. */
export async function getOrigin(path: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(path.startsWith('http') ? path : `${originUrl()}${path}`);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
