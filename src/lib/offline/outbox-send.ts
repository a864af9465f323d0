import { conflictVersion } from '../api/edit-version';
import { isApiError } from '../api/errors';
import type { OutboxItem } from './db';
import { backoffDelay, classifyFailure, messageOf, statusOf } from './outbox-rules';
import type { OutboxOptions, SendContext } from './outbox-types';

/** What the sender needs of the outbox that creates it (outbox.ts). */
interface SenderDeps {
  db: OutboxOptions['db'];
  handlers: OutboxOptions['handlers'];
  currentUserId: OutboxOptions['currentUserId'];
  now: () => number;
  random: () => number;
  backoff: { baseMs: number; maxMs: number };
  options: OutboxOptions;
  pauseKey: (userId: number) => string;
}

/**
 * The send of one outbox item and what its outcome does to the queue (outbox.ts's rules): delivered
 * → removed, with its result handed to the items that depend on it; no answer, 408/429, 5xx →
 * queued again after a backoff; 401 → queued, the user's queue paused; a change of user → queued
 * untouched; other refusals → 'attention' with the server's message. `interrupt()` aborts every send
 * in flight (the signed-in user changed).
 */
export function createSender({ db, handlers, currentUserId, now, random, backoff, options, pauseKey }: SenderDeps) {
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

  /** The sends in flight (one per order at most): aborted when the signed-in user changes. */
  const inFlight = new Set<AbortController>();

  /** Sends one item: 'stopped' when the queue must stop (401, or the item's owner is no longer signed in). */
  const sendOne = async (stored: OutboxItem): Promise<'delivered' | 'failed' | 'stopped'> => {
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
    const controller = new AbortController();
    inFlight.add(controller);
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
      request: { asUser: item.userId, signal: controller.signal },
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
      // Interrupted, or refused before leaving, because its owner is no longer the signed-in user:
      // not the item's fault, so it waits for its owner as it was (no attempt, no pause).
      const kind = controller.signal.aborted || currentUserId() !== item.userId ? 'session' : classifyFailure(error);
      switch (kind) {
        case 'session':
          await db.outbox.update(seq, { state: 'queued', attempts: attempts - 1, progress: undefined });
          return 'stopped';
        case 'auth':
          // The 401 is not the item's fault: it keeps its attempt count and waits for the new session.
          await db.outbox.update(seq, { state: 'queued', attempts: attempts - 1, lastError: message, lastStatus, progress: undefined });
          await db.meta.put({ key: pauseKey(item.userId), value: true });
          options.onPaused?.(item.userId);
          return 'stopped';
        case 'retry':
          await db.outbox.update(seq, {
            state: 'queued',
            nextAttemptAt: now() + backoffDelay(attempts, random, backoff),
            lastError: message,
            lastStatus,
            progress: undefined,
          });
          return 'failed';
        default: {
          const refusal = { lastError: message, lastStatus, lastCode: isApiError(error) ? error.code : undefined, staleAgainst: conflictVersion(error) };
          await db.outbox.update(seq, { state: 'attention', ...refusal, progress: undefined });
          options.onAttention?.({ ...item, state: 'attention', ...refusal }, message);
          return 'failed';
        }
      }
    } finally {
      inFlight.delete(controller);
    }
  };

  const interrupt = () => {
    for (const controller of inFlight) controller.abort();
  };

  return { sendOne, interrupt };
}
