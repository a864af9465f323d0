import { SESSION_CHANGED, isApiError } from '../api/errors';
import type { OutboxItem } from './db';
import type { LockManagerLike } from './locks';

/**
 * The outbox's pure rules, kept out of `outbox.ts`: which item goes next, what a
 * failed send means, how long to wait before the next attempt; and the lock fallback.
 */

/**
 * The next item to send among one user's `items` (in `seq` order) at time `t` (ms): each order's
 * head (items of an order go out in creation order), skipping a head that needs attention, waits
 * for its backoff or depends on a still-queued item; of those, the one created first.
 */
export function nextDueItem(items: OutboxItem[], t: number, busy: ReadonlySet<number> = new Set()): OutboxItem | undefined {
  const heads = new Map<number, OutboxItem>();
  for (const item of items) if (!heads.has(item.orderId)) heads.set(item.orderId, item);
  const present = new Set(items.map((i) => i.seq));
  let best: OutboxItem | undefined;
  for (const head of heads.values()) {
    if (busy.has(head.orderId) || head.state === 'attention' || head.nextAttemptAt > t) continue;
    if (head.dependsOn !== undefined && head.dependencyResult === undefined && present.has(head.dependsOn)) continue;
    if (!best || head.seq! < best.seq!) best = head;
  }
  return best;
}

/**
 * 'retry' (wait and send again), 'auth' (401: the user's queue pauses), 'attention' (the server
 * refused the item) or 'session' (the page's signed-in user is no longer the item's owner: the
 * item goes back to the queue untouched and waits for its owner).
 */
export type FailureClass = 'retry' | 'auth' | 'attention' | 'session';

export { SESSION_CHANGED };

/**
 * What to do after a failed send: 'retry' (no answer, 408, 425, 429, 5xx, a 409 of
 * the idempotency layer — no details — meaning "the first request is still running"), 'auth'
 * (401), 'session' (the request was not sent: another user's session, {@link SESSION_CHANGED})
 * or 'attention' (other 4xx, an answer that does not match its schema, any non-API error).
 */
export function classifyFailure(error: unknown): FailureClass {
  if (!isApiError(error)) return 'attention';
  const { status } = error;
  if (error.code === SESSION_CHANGED) return 'session';
  if (status === 0) return error.code === 'InvalidResponse' ? 'attention' : 'retry';
  if (status === 401) return 'auth';
  if (status >= 500 || status === 408 || status === 425 || status === 429) return 'retry';
  if (status === 409) {
    const details = error.details;
    const empty = !details || (typeof details === 'object' && Object.keys(details as object).length === 0);
    return empty ? 'retry' : 'attention';
  }
  return 'attention';
}

/** Delay before the next attempt: base·2^(attempts−1) capped at max, with jitter in [½, 1] of it (ms). */
export function backoffDelay(attempts: number, random: () => number, { baseMs, maxMs }: { baseMs: number; maxMs: number }): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** An error's text (its message, else its string form). */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** An error's HTTP status (0 when it is not an ApiError or got no answer). */
export function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

/** An in-page mutex with the `navigator.locks.request` shape (for browsers without Web Locks). */
export function createLocalLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: (lock: unknown) => Promise<T>): Promise<T> {
      const run = tail.then(() => callback({}));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** `navigator.locks` when the browser has Web Locks, else {@link createLocalLocks} (one tab only). */
export function defaultLocks(): LockManagerLike {
  const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : undefined;
  if (nav?.locks && typeof nav.locks.request === 'function') return nav.locks;
  return createLocalLocks();
}
