import type { FetchError } from 'ofetch';
import { getConfig } from '../config';
import { readStoredUserId, readToken } from '../session/storage';
import { takeEarlyAnswer } from './early';
import { ApiError, SESSION_CHANGED } from './errors';

/** Paths sent without the bearer token (spec 000 §7). */
export const PUBLIC_PATHS = ['/auth/local', '/auth/forgot-password', '/auth/reset-password'] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Any zod schema (classic or zod/mini): what the client needs from it. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

/** Whose session a request goes with, and how to stop it (the offline outbox's sends). */
export interface RequestScope {
  /**
   * The user (numeric id) the request is made for: it leaves only while the stored session is
   * that user's, checked when the token is put on it; otherwise it throws before anything is sent.
   */
  asUser?: number;
  signal?: AbortSignal;
}

/**
 * Throws the {@link SESSION_CHANGED} ApiError unless the stored session is still `asUser`'s with
 * `token` (a sign-out or another user's sign-in, in this tab or another, happened meanwhile).
 * Nothing to check without `asUser`.
 */
export function assertSessionOf(asUser: number | undefined, token: string | null): void {
  if (asUser === undefined) return;
  if (token && readToken() === token && readStoredUserId() === asUser) return;
  throw new ApiError({ status: 0, code: SESSION_CHANGED, message: 'A sessão deste aparelho mudou: o item espera quem o criou entrar novamente.' });
}

export interface RequestOptions<T> extends RequestScope {
  /** Query object, serialised with `qs` the way Strapi reads it (`filters[name][$containsi]=x`). */
  query?: Record<string, unknown>;
  /** JSON body (or FormData for uploads). */
  body?: unknown;
  /** zod schema the answer must satisfy; the parsed value is returned. */
  schema?: ResponseSchema<T>;
  headers?: Record<string, string>;
}

// qs is loaded on the first call that has a query, so /login (which has none) does not download it.
let qsModule: Promise<typeof import('qs')> | undefined;

/** Builds `path?query` with Strapi's bracket syntax (`qs`, values encoded, nulls skipped). */
export async function buildPath(path: string, query?: Record<string, unknown>): Promise<string> {
  if (!query || Object.keys(query).length === 0) return path;
  const mod = await (qsModule ??= import('qs'));
  // CommonJS interop: the functions may sit on the namespace or on its default export.
  const stringify = mod.stringify ?? (mod as unknown as { default: typeof mod }).default.stringify;
  const q = stringify(query, { encodeValuesOnly: true, skipNulls: true });
  return q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path;
}

function isPublicPath(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return (PUBLIC_PATHS as readonly string[]).includes(bare);
}

/** Told of every write the server accepted (POST, PUT, DELETE): its method and path ('/states/abc'). */
export type WriteListener = (write: { method: HttpMethod; path: string }) => unknown;
const writeListeners = new Set<WriteListener>();

/**
 * Runs `listener` after every write the server accepted, before the write's promise resolves, so
 * what it refreshes is fresh for whatever the caller does next (src/app/lookups.ts drops the
 * cached lookups a write changed). A failing listener is logged, never fails the write.
 * Returns the function that removes it.
 */
export function onWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

async function notifyWrite(method: HttpMethod, path: string): Promise<void> {
  for (const listener of [...writeListeners]) {
    try {
      await listener({ method, path });
    } catch (error) {
      console.error(`[api] depois de ${method} ${path}:`, error);
    }
  }
}

// ofetch is loaded with the first call, so /login does not download it before it is needed.
let ofetchModule: Promise<typeof import('ofetch')> | undefined;

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isFetchError(error)) {
    const status = error.response?.status ?? 0;
    const body = error.data as { error?: { message?: unknown; name?: unknown; details?: unknown }; message?: unknown } | undefined;
    const serverMessage = typeof body?.error?.message === 'string' ? body.error.message : typeof body?.message === 'string' ? body.message : undefined;
    return new ApiError({
      status,
      message: serverMessage ?? (status ? `HTTP ${status}` : 'Falha de conexão com o servidor'),
      code: typeof body?.error?.name === 'string' ? body.error.name : undefined,
      details: body?.error?.details,
      hasServerMessage: Boolean(serverMessage),
      requestId: error.response?.headers.get('X-Request-Id') ?? undefined,
      cause: error,
    });
  }
  return new ApiError({ status: 0, message: error instanceof Error ? error.message : String(error), cause: error });
}

function isFetchError(error: unknown): error is FetchError {
  return error instanceof Error && error.name === 'FetchError';
}

/**
 * The one Strapi client (spec 000 §7). Every call of the PWA goes through here:
 * base URL from runtime configuration, `Authorization: Bearer <token>` on every path
 * except PUBLIC_PATHS, the answer parsed with `schema` when given. A GET that index.html's
 * script already sent with the page (a list's first page, lib/api/early.ts) takes that answer. Every failure is
 * logged and rethrown as an {@link ApiError} carrying the server's message.
 * Writes must go through a feature's mutation functions that call this, so the
 * offline outbox can later take over sending without touching screens.
 * @throws ApiError (status 0 when there was no answer or the answer did not match the schema)
 */
export async function apiRequest<T = unknown>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const url = await buildPath(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readToken();
  if (token && !isPublicPath(path)) headers.Authorization = `Bearer ${token}`;
  const baseURL = getConfig().apiUrl;
  let raw: unknown;
  try {
    // A list's first page that index.html already requested with the page (lib/api/early.ts).
    const early = method === 'GET' && token ? await takeEarlyAnswer({ base: baseURL, path: url, token }) : undefined;
    if (early) raw = early.data;
    else {
      const { ofetch } = await (ofetchModule ??= import('ofetch'));
      // Checked after the last await before the request leaves, with the token it carries.
      assertSessionOf(options.asUser, token);
      raw = await ofetch(url, {
        baseURL,
        method,
        headers,
        body: options.body as BodyInit | Record<string, unknown> | undefined,
        signal: options.signal,
        retry: 0,
      });
    }
  } catch (error) {
    const apiError = toApiError(error);
    console.error(`[api] ${method} ${path} falhou (${apiError.status}): ${apiError.message}`);
    throw apiError;
  }
  if (method !== 'GET') await notifyWrite(method, path);
  if (!options.schema) return raw as T;
  const parsed = options.schema.safeParse(raw);
  if (!parsed.success) {
    const apiError = new ApiError({
      status: 0,
      code: 'InvalidResponse',
      message: 'Resposta inesperada do servidor',
      details: parsed.error.issues,
      cause: parsed.error,
    });
    console.error(`[api] ${method} ${path}: resposta fora do formato esperado`, parsed.error.issues);
    throw apiError;
  }
  return parsed.data;
}

/** Shorthands over {@link apiRequest}. */
export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('DELETE', path, options),
};
