import type { RequestScope } from '../api/client';
import type { BalcaoDb, OutboxBlob, OutboxItem } from './db';
import type { LockManagerLike } from './locks';

/** The outbox's shapes (outbox.ts): what handlers get, what the runtime offers. */

/** What a handler gets besides the item. */
export interface SendContext {
  /** The item's file, when it has one. */
  blob?: OutboxBlob;
  /** Persists a new payload (the step reached) before the next step, so a resend resumes there. */
  saveProgress(payload: unknown): Promise<void>;
  /** Upload progress, percent 0–100. */
  onProgress(percent: number): void;
  /**
   * Pass to every request of the item: it leaves only with its owner's session (`asUser`), and
   * `signal` aborts when the page's signed-in user changes ({@link Outbox.interrupt}).
   */
  request: Required<RequestScope>;
}

/** How one kind of queued write is sent. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of different payloads share one registry
export interface OutboxHandler<P = any> {
  /** Sends the item (all its remaining steps); resolves with the server's result. @throws ApiError */
  send(item: OutboxItem<P>, ctx: SendContext): Promise<unknown>;
  /** When `error` means "already done" (409 in the target state, ...): `{ result }`; otherwise undefined. */
  alreadyDone?(error: unknown, item: OutboxItem<P>): { result: unknown } | undefined;
}

export interface OutboxOptions {
  db: BalcaoDb;
  handlers: Record<string, OutboxHandler>;
  /** The signed-in user's id, or null: only their items are sent, with their session. */
  currentUserId: () => number | null;
  /** Defaults to `navigator.locks`, else an in-page mutex (one tab only). */
  locks?: LockManagerLike;
  now?: () => number;
  random?: () => number;
  /** Orders whose items are sent at the same time, each order's items one after the other (default 4). */
  concurrency?: number;
  /** Backoff: first delay and cap, in ms (defaults 2 s and 5 min). */
  backoff?: { baseMs: number; maxMs: number };
  /** After delivery of an item (any tab's; this instance sent it). */
  onDelivered?: (item: OutboxItem, result: unknown) => void;
  /** A 401 paused the user's queue. */
  onPaused?: (userId: number) => void;
  /** An item moved to 'attention'. */
  onAttention?: (item: OutboxItem, message: string) => void;
  /** A new item was stored (sync.ts registers a Background Sync then). */
  onEnqueued?: (item: OutboxItem) => void;
}

export interface EnqueueInput<P> {
  kind: string;
  orderId: number;
  payload: P;
  /** A file to keep with the item (as a Blob, with its name and type). */
  file?: { blob: Blob; name: string; type?: string };
  /** `seq` of a queued item whose server result this one needs. */
  dependsOn?: number;
  /** Defaults to a fresh UUID. */
  idempotencyKey?: string;
}

export interface FlushResult {
  /** Items this flush delivered. */
  delivered: number;
  /** True when the flush stopped on a 401. */
  paused: boolean;
}

export interface Outbox {
  /** Stores a new item (state 'queued', due now; with a file, its `fileSize` in bytes) and returns it with its `seq`. */
  enqueue<P>(input: EnqueueInput<P>): Promise<OutboxItem<P>>;
  /** Sends every due item of the signed-in user, one at a time, under the sender lock. */
  flush(): Promise<FlushResult>;
  /** 'Enviar agora': makes every queued item of the user due now, then flushes. */
  sendNow(): Promise<FlushResult>;
  /** Back to 'queued' with attempts 0 (only the signed-in user's items); an item that needed attention gets a fresh key (the server stored the old key's 4xx answer). */
  retry(seq: number): Promise<void>;
  /** Replaces the payload of an item that needs attention and queues it again (fresh key). @throws Error for other states or another user's item */
  edit(seq: number, payload: unknown): Promise<void>;
  /** Deletes an item of the signed-in user, its file, and the items that depended on it; returns the `seq`s removed. */
  discard(seq: number): Promise<number[]>;
  /**
   * 'Descartar e sair': deletes every item of the signed-in user with their files and the queue's
   * pause flag; returns how many items were removed (0 without a signed-in user).
   */
  discardAll(): Promise<number>;
  /**
   * The signed-in user changed (sync.ts calls it on every session change): the send in flight is
   * aborted and goes back to the queue as it was (no attempt counted), and the flush stops.
   */
  interrupt(): void;
  /** The user's queue is paused after a 401. */
  isPaused(userId: number): Promise<boolean>;
  /** Lifts the pause (after a new sign-in). */
  resume(userId: number): Promise<void>;
  /** The earliest `nextAttemptAt` of the user's queued items, if any (for the retry timer). */
  nextDueAt(): Promise<number | undefined>;
  /** The user's items in `seq` order. */
  list(userId: number): Promise<OutboxItem[]>;
}
