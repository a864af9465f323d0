import { newIdempotencyKey } from './idempotency';
import type { OutboxItem } from './db';
import { OUTBOX_LOCK } from './locks';
import { defaultLocks, nextDueItem } from './outbox-rules';
import { createSender } from './outbox-send';
import type { EnqueueInput, FlushResult, Outbox, OutboxOptions } from './outbox-types';

export { OUTBOX_LOCK, type LockManagerLike } from './locks';
export type { EnqueueInput, FlushResult, Outbox, OutboxHandler, OutboxOptions, SendContext } from './outbox-types';
export { SESSION_CHANGED, backoffDelay, classifyFailure, createLocalLocks, type FailureClass } from './outbox-rules';

/**
 * The outbox: writes made offline, or whose send failed for a
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
 * - Every item belongs to the user who queued it (`userId`): lists, counts, sends, retries, edits
 *   and discards see only the signed-in user's items, and each request of a send leaves only
 *   with its owner's session (`asUser`); a change of user mid-send puts the item back untouched.
 * What a kind of item does is its handler's business (features register them).
 */

/** The meta key of a user's paused queue (a 401 paused it; a new sign-in resumes it). */
const pauseKey = (userId: number) => `outbox-paused:${userId}`;
/** Orders sent at once by default (OutboxOptions.concurrency). */
const DEFAULT_CONCURRENCY = 4;
/** What a retry or an edit resets: due now, no attempt, no error. */
const REQUEUED = {
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: undefined,
  lastStatus: undefined,
  lastCode: undefined,
  staleAgainst: undefined,
} as const;

/** Creates the outbox over a database and the features' handlers. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, handlers, currentUserId } = options;
  const locks = options.locks ?? defaultLocks();
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? { baseMs: 2_000, maxMs: 5 * 60_000 };
  let waiting: Promise<FlushResult> | undefined;

  const list = (userId: number) => db.outbox.where('userId').equals(userId).sortBy('seq') as Promise<OutboxItem[]>;

  /** The item `seq` when it belongs to the signed-in user; another user's item is as good as absent. */
  const own = async (seq: number): Promise<OutboxItem | undefined> => {
    const item = await db.outbox.get(seq);
    const userId = currentUserId();
    return item && userId !== null && item.userId === userId ? item : undefined;
  };

  const isPaused = async (userId: number) => Boolean((await db.meta.get(pauseKey(userId)))?.value);

  const { sendOne, interrupt } = createSender({ db, handlers, currentUserId, now, random, backoff, options, pauseKey });
  const lanes = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);

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
    // Orders are independent lanes: up to `lanes` orders send at once, each one item after the other
    // (in order, the next only after its predecessor was delivered), so a queue of many orders drains
    // about as fast as the same writes sent online, without giving up order per order.
    const sending = new Map<number, Promise<void>>(); // orderId → its send in flight
    let stop = false;
    for (;;) {
      if (currentUserId() !== userId) stop = true;
      if (!stop) {
        const items = await list(userId);
        while (sending.size < lanes) {
          // the lanes in flight are busy: their next item waits for the one being sent
          const next = nextDueItem(items, now(), new Set(sending.keys()));
          if (!next) break;
          const lane = next.orderId;
          sending.set(
            lane,
            sendOne(next).then(async (outcome) => {
              sending.delete(lane);
              if (outcome === 'delivered') result.delivered += 1;
              if (outcome === 'stopped') {
                stop = true;
                result.paused = await isPaused(userId);
              }
            }),
          );
        }
      }
      if (sending.size === 0) break;
      await Promise.race(sending.values());
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
        ...(input.file ? { fileSize: input.file.blob.size } : {}),
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
        const item = await own(seq);
        if (!item || item.state === 'sending') return;
        // Only a refused item gets a new key: a queued one may have reached the server with its key.
        const key = item.state === 'attention' ? { idempotencyKey: newIdempotencyKey() } : {};
        await db.outbox.update(seq, { ...key, ...REQUEUED });
      });
    },
    async edit(seq, payload) {
      await db.transaction('rw', db.outbox, async () => {
        const item = await own(seq);
        if (!item) return;
        if (item.state !== 'attention') throw new Error('Só um item que precisa de atenção pode ser editado.');
        await db.outbox.update(seq, { ...REQUEUED, payload, idempotencyKey: newIdempotencyKey() });
      });
    },
    async discard(seq) {
      const removed: number[] = [];
      await db.transaction('rw', db.outbox, db.outboxBlobs, async () => {
        if (!(await own(seq))) return;
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
    async discardAll() {
      const userId = currentUserId();
      if (userId === null) return 0;
      return db.transaction('rw', db.outbox, db.outboxBlobs, db.meta, async () => {
        const seqs = (await db.outbox.where('userId').equals(userId).primaryKeys()) as number[];
        await db.outbox.bulkDelete(seqs);
        await db.outboxBlobs.bulkDelete(seqs);
        await db.meta.delete(pauseKey(userId));
        return seqs.length;
      });
    },
    interrupt,
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
