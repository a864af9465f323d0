import { isApiError } from '../api/errors';
import { newIdempotencyKey } from './idempotency';
import type { BalcaoDb, OutboxBlob, OutboxItem } from './db';
import { OUTBOX_LOCK, type LockManagerLike } from './locks';

export { OUTBOX_LOCK, type LockManagerLike } from './locks';

/**
 * The outbox (issue 10 "The outbox"): writes made offline, or whose send failed for a
 * network reason, are queued in IndexedDB and delivered exactly once.
 *
 * - `enqueue` stores plain data (files as Blobs in their own table), assigns the item's
 *   `Idempotency-Key` then, and never stores a token: the sender's session supplies it.
 * - Items of one order go out in creation order (`seq`): an order's head that waits (backoff)
 *   or needs attention holds the order's later items; other orders go on.
 * - An item may depend on an earlier one (Registrar on a still-queued payment): it receives
 *   the earlier item's server result when that one is delivered.
 * - Failures: no answer, 408/429, 5xx and the idempotency layer's "still processing" 409 →
 *   retry with exponential backoff and jitter; 401 → the user's queue pauses (nothing is
 *   dropped) until `resume` after a new sign-in; other 4xx → 'attention' with the server's
 *   message (edit / retry / discard); an answer meaning "already done" (the handler's
 *   `alreadyDone`) counts as delivered.
 * - One sender at a time across tabs: `flush` runs under a Web Lock.
 * What a kind of item does is its handler's business (features register them).
 */

/** What a handler gets besides the item. */
export interface SendContext {
  /** The item's file, when it has one. */
  blob?: OutboxBlob;
  /** Persists a new payload (the step reached) before the next step, so a resend resumes there. */
  saveProgress(payload: unknown): Promise<void>;
  /** Upload progress, percent 0–100. */
  onProgress(percent: number): void;
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

export type FailureClass = 'retry' | 'auth' | 'attention';

const pauseKey = (userId: number) => `outbox-paused:${userId}`;

/**
 * What to do after a failed send (issue 10): 'retry' (no answer, 408, 425, 429, 5xx, a 409 of
 * the idempotency layer — no details — meaning "the first request is still running"), 'auth'
 * (401) or 'attention' (other 4xx, an answer that does not match its schema, any non-API error).
 */
export function classifyFailure(error: unknown): FailureClass {
  if (!isApiError(error)) return 'attention';
  const { status } = error;
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

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

function statusOf(error: unknown): number {
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

function defaultLocks(): LockManagerLike {
  const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : undefined;
  if (nav?.locks && typeof nav.locks.request === 'function') return nav.locks;
  return createLocalLocks();
}

export interface FlushResult {
  /** Items this flush delivered. */
  delivered: number;
  /** True when the flush stopped on a 401. */
  paused: boolean;
}

export interface Outbox {
  /** Stores a new item (state 'queued', due now) and returns it with its `seq`. */
  enqueue<P>(input: EnqueueInput<P>): Promise<OutboxItem<P>>;
  /** Sends every due item of the signed-in user, one at a time, under the sender lock. */
  flush(): Promise<FlushResult>;
  /** 'Enviar agora': makes every queued item of the user due now, then flushes. */
  sendNow(): Promise<FlushResult>;
  /** Back to 'queued' with attempts 0; an item that needed attention gets a fresh key (the server stored the old key's 4xx answer). */
  retry(seq: number): Promise<void>;
  /** Replaces the payload of an item that needs attention and queues it again (fresh key). @throws Error for other states */
  edit(seq: number, payload: unknown): Promise<void>;
  /** Deletes an item, its file, and the items that depended on it; returns the `seq`s removed. */
  discard(seq: number): Promise<number[]>;
  /** The user's queue is paused after a 401. */
  isPaused(userId: number): Promise<boolean>;
  /** Lifts the pause (after a new sign-in). */
  resume(userId: number): Promise<void>;
  /** The earliest `nextAttemptAt` of the user's queued items, if any (for the retry timer). */
  nextDueAt(): Promise<number | undefined>;
  /** The user's items in `seq` order. */
  list(userId: number): Promise<OutboxItem[]>;
}

/** Creates the outbox over a database and the features' handlers. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, handlers, currentUserId } = options;
  const locks = options.locks ?? defaultLocks();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? { baseMs: 2_000, maxMs: 5 * 60_000 };
  let waiting: Promise<FlushResult> | undefined;

  const list = (userId: number) => db.outbox.where('userId').equals(userId).sortBy('seq') as Promise<OutboxItem[]>;

  const isPaused = async (userId: number) => Boolean((await db.meta.get(pauseKey(userId)))?.value);

  /** The next item to send: among each order's head, the due one created first. */
  const pickDue = async (userId: number): Promise<OutboxItem | undefined> => {
    const items = await list(userId);
    const heads = new Map<number, OutboxItem>();
    for (const item of items) if (!heads.has(item.orderId)) heads.set(item.orderId, item);
    const t = now();
    const present = new Set(items.map((i) => i.seq));
    let best: OutboxItem | undefined;
    for (const head of heads.values()) {
      if (head.state === 'attention' || head.nextAttemptAt > t) continue;
      if (head.dependsOn !== undefined && head.dependencyResult === undefined && present.has(head.dependsOn)) continue;
      if (!best || head.seq! < best.seq!) best = head;
    }
    return best;
  };

  const delivered = async (item: OutboxItem, result: unknown) => {
    const seq = item.seq!;
    await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
      await db.outbox.delete(seq);
      await db.outboxBlobs.delete(seq);
      const dependents = await db.outbox
        .where('userId')
        .equals(item.userId)
        .filter((i) => i.dependsOn === seq)
        .toArray();
      for (const d of dependents) await db.outbox.update(d.seq!, { dependencyResult: result ?? null });
    });
    options.onDelivered?.(item, result);
  };

  /** Sends one item; returns false when the queue must stop (401). */
  const sendOne = async (stored: OutboxItem): Promise<'delivered' | 'failed' | 'paused'> => {
    const seq = stored.seq!;
    const handler = handlers[stored.kind];
    if (!handler) {
      await db.outbox.update(seq, { state: 'attention', lastError: `Tipo de item desconhecido: ${stored.kind}` });
      return 'failed';
    }
    const attempts = stored.attempts + 1;
    await db.outbox.update(seq, { state: 'sending', attempts, progress: 0 });
    let item: OutboxItem = { ...stored, state: 'sending', attempts };
    const blob = await db.outboxBlobs.get(seq);
    let lastProgress = 0;
    const ctx: SendContext = {
      blob,
      async saveProgress(payload) {
        item = { ...item, payload };
        await db.outbox.update(seq, { payload });
      },
      onProgress(percent) {
        // A row write per 5 % is enough for the bar and keeps IndexedDB quiet.
        if (percent - lastProgress >= 5 || (percent === 100 && lastProgress !== 100)) {
          lastProgress = percent;
          void db.outbox.update(seq, { progress: percent });
        }
      },
    };
    try {
      const result = await handler.send(item, ctx);
      await delivered(item, result);
      return 'delivered';
    } catch (error) {
      const done = handler.alreadyDone?.(error, item);
      if (done) {
        await delivered(item, done.result);
        return 'delivered';
      }
      const message = messageOf(error);
      const lastStatus = statusOf(error);
      switch (classifyFailure(error)) {
        case 'auth':
          // The 401 is not the item's fault: it keeps its attempt count and waits for the new session.
          await db.outbox.update(seq, { state: 'queued', attempts: attempts - 1, lastError: message, lastStatus, progress: undefined });
          await db.meta.put({ key: pauseKey(item.userId), value: true });
          options.onPaused?.(item.userId);
          return 'paused';
        case 'retry':
          await db.outbox.update(seq, {
            state: 'queued',
            nextAttemptAt: now() + backoffDelay(attempts, random, backoff),
            lastError: message,
            lastStatus,
            progress: undefined,
          });
          return 'failed';
        default:
          await db.outbox.update(seq, { state: 'attention', lastError: message, lastStatus, progress: undefined });
          options.onAttention?.({ ...item, state: 'attention', lastError: message }, message);
          return 'failed';
      }
    }
  };

  const drain = async (): Promise<FlushResult> => {
    const userId = currentUserId();
    const result: FlushResult = { delivered: 0, paused: false };
    if (userId === null) return result;
    if (await isPaused(userId)) return { ...result, paused: true };
    // We hold the lock: an item left 'sending' belongs to a sender that died (closed tab, crash).
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((i) => i.state === 'sending')
      .modify({ state: 'queued', progress: undefined });
    for (;;) {
      if (currentUserId() !== userId) break;
      const next = await pickDue(userId);
      if (!next) break;
      const outcome = await sendOne(next);
      if (outcome === 'delivered') result.delivered += 1;
      if (outcome === 'paused') {
        result.paused = true;
        break;
      }
    }
    return result;
  };

  const flush = (): Promise<FlushResult> => {
    // One waiting request per page: a flush asked while another waits for the lock is the same flush.
    if (waiting) return waiting;
    const slot: { started: boolean; request?: Promise<FlushResult> } = { started: false };
    const request = locks.request(OUTBOX_LOCK, async () => {
      slot.started = true;
      if (slot.request && waiting === slot.request) waiting = undefined;
      return drain();
    });
    slot.request = request;
    if (!slot.started) {
      waiting = request;
      request
        .finally(() => {
          if (waiting === request) waiting = undefined;
        })
        .catch(() => undefined);
    }
    return request;
  };

  return {
    async enqueue<P>(input: EnqueueInput<P>) {
      const userId = currentUserId();
      if (userId === null) throw new Error('Sem sessão: entre novamente para enviar.');
      const item: OutboxItem<P> = {
        userId,
        orderId: input.orderId,
        kind: input.kind,
        idempotencyKey: input.idempotencyKey ?? newIdempotencyKey(),
        payload: input.payload,
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: now(),
        ...(input.dependsOn !== undefined ? { dependsOn: input.dependsOn } : {}),
      };
      const seq = await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
        const id = (await db.outbox.add(item as OutboxItem)) as number;
        if (input.file)
          await db.outboxBlobs.put({ seq: id, blob: input.file.blob, name: input.file.name, type: input.file.type ?? input.file.blob.type ?? '' });
        return id;
      });
      const stored = { ...item, seq };
      options.onEnqueued?.(stored as OutboxItem);
      return stored;
    },
    flush,
    async sendNow() {
      const userId = currentUserId();
      if (userId !== null) {
        await db.outbox
          .where('userId')
          .equals(userId)
          .filter((i) => i.state === 'queued')
          .modify({ nextAttemptAt: 0 });
      }
      return flush();
    },
    async retry(seq) {
      await db.transaction('rw', db.outbox, async () => {
        const item = await db.outbox.get(seq);
        if (!item || item.state === 'sending') return;
        // Only a refused item gets a new key: a queued one may have reached the server with its key.
        const key = item.state === 'attention' ? { idempotencyKey: newIdempotencyKey() } : {};
        await db.outbox.update(seq, { ...key, state: 'queued', attempts: 0, nextAttemptAt: 0, lastError: undefined, lastStatus: undefined });
      });
    },
    async edit(seq, payload) {
      await db.transaction('rw', db.outbox, async () => {
        const item = await db.outbox.get(seq);
        if (!item) return;
        if (item.state !== 'attention') throw new Error('Só um item que precisa de atenção pode ser editado.');
        await db.outbox.update(seq, {
          payload,
          state: 'queued',
          attempts: 0,
          nextAttemptAt: 0,
          idempotencyKey: newIdempotencyKey(),
          lastError: undefined,
          lastStatus: undefined,
        });
      });
    },
    async discard(seq) {
      const removed: number[] = [];
      await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
        const todo = [seq];
        while (todo.length) {
          const s = todo.shift()!;
          const item = await db.outbox.get(s);
          if (!item) continue;
          await db.outbox.delete(s);
          await db.outboxBlobs.delete(s);
          removed.push(s);
          const dependents = await db.outbox
            .where('userId')
            .equals(item.userId)
            .filter((i) => i.dependsOn === s && i.dependencyResult === undefined)
            .primaryKeys();
          todo.push(...(dependents as number[]));
        }
      });
      return removed;
    },
    isPaused,
    async resume(userId) {
      await db.meta.delete(pauseKey(userId));
    },
    async nextDueAt() {
      const userId = currentUserId();
      if (userId === null) return undefined;
      const queued = (await list(userId)).filter((i) => i.state === 'queued');
      return queued.length ? Math.min(...queued.map((i) => i.nextAttemptAt)) : undefined;
    },
    list,
  };
}
