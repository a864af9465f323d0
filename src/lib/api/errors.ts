/**
 * The one error type of the API client. `message` is the server's own message
 * (Strapi's `error.message`) when it sent one, so screens can show it as the spec's
 * toasts ask ("with the server's error message, or ...").
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  /** Strapi's `error.name` (e.g. `ValidationError`, `ForbiddenError`), if any. */
  readonly code: string | undefined;
  /** Strapi's `error.details` (validation errors list etc.), if any. */
  readonly details: unknown;
  /** True when the server sent a message of its own (not a fallback). */
  readonly hasServerMessage: boolean;
  /**
   * The server's id of the request (its `X-Request-Id` answer header), when it answered: the failure
   * toast shows it as 'Código: …', and the server's log lines of that request carry it (docs/deploy.md "Request ids").
   */
  readonly requestId: string | undefined;

  constructor(init: { status: number; message: string; code?: string; details?: unknown; hasServerMessage?: boolean; requestId?: string; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.hasServerMessage = init.hasServerMessage ?? false;
    this.requestId = init.requestId || undefined;
  }
}

/**
 * ApiError code of a request refused before it left (status 0, nothing sent): it was made for one
 * user (`asUser`, the offline outbox's items) and the stored session is no longer that user's.
 */
export const SESSION_CHANGED = 'SessionChanged';

/** True when `error` is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The message to show for a failed call: the server's message when it sent one,
 * otherwise `fallback` (the spec's fixed text).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.hasServerMessage && error.message) return error.message;
  return fallback;
}

/**
 * True when a request got no answer at all (offline, DNS, connection reset, an aborted
 * response): the failure that sends a direct write to the outbox instead of failing, and that a
 * list shows as "nothing offline" instead of as an empty answer. An answer that failed its schema
 * (`InvalidResponse`, also status 0) is not one, nor a request refused before it left
 * ({@link SESSION_CHANGED}).
 */
export function isNoAnswer(error: unknown): boolean {
  return isApiError(error) && error.status === 0 && error.code !== 'InvalidResponse' && error.code !== SESSION_CHANGED;
}
