import { Dexie } from 'dexie';
import { useEffect } from 'react';
import { getDb } from './db';
import { createOutbox, type FlushResult, type Outbox, type OutboxHandler, type OutboxOptions } from './outbox';
import { FLUSH_MESSAGE, currentOutbox, useOutbox, notifyOutboxChanged, requestOutbox, setCurrentOutbox } from './outbox-peek';

export { outboxStateLabel, useOnline, useOutbox, useOutboxItems } from './outbox-peek';

// Every change of the outbox table that Dexie sees (this tab's writes, and other Dexie tabs'
// through Dexie's own channel) reaches the Dexie-free readers of every tab (outbox-peek.ts).
Dexie.on('storagemutated', (parts) => {
  if (Object.keys(parts).some((k) => k.includes('/outbox/'))) notifyOutboxChanged();
});

/**
 * Who flushes the outbox and when: one sender at a time across tabs (the outbox's
 * Web Lock); a flush starts at app start, when the browser comes back online, when the service
 * worker relays a Background Sync event (`{type: 'outbox-flush'}`), after each enqueue, when
 * the next backoff delay ends, after a new sign-in (which also lifts a 401 pause), and from
 * 'Enviar agora'. Only the signed-in user's items are sent, each request with their session; a
 * change of user interrupts the send in flight (the item waits for its owner). While the browser
 * says it is offline (`navigator.onLine === false`) nothing is tried — an attempt could only fail
 * and count against the item — and the 'online' event sends.
 * The service worker never sends: it has no session (the token lives in the page's storage), it
 * only wakes a page.
 */

/** Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'balcao-outbox';
export { FLUSH_MESSAGE };

/** What sync.ts needs of the session (lib/session's store satisfies it). */
export interface SessionLike {
  getState(): { status: string; user: { id: number } | null };
  subscribe(listener: () => void): () => void;
}

export interface OutboxRuntime {
  outbox: Outbox;
  /** Sends what is due now. */
  flush(): Promise<FlushResult>;
  /** 'Enviar agora': sends every queued item now, backoff or not. */
  sendNow(): Promise<FlushResult>;
  stop(): void;
}

export interface StartOutboxOptions extends Pick<OutboxOptions, 'onDelivered' | 'onPaused' | 'onAttention'> {
  handlers: Record<string, OutboxHandler>;
  session: SessionLike;
  /** For tests: another database or outbox options. */
  outboxOptions?: Partial<OutboxOptions>;
}

// The running runtime lives in outbox-peek.ts (Dexie-free), so screens can hold it without this module.
const setRuntime = setCurrentOutbox;

/** Asks the service worker for a Background Sync (Chromium); silently nothing elsewhere. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await reg.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or no permission: 'online' and app start still flush.
  }
}

/**
 * Creates the page's outbox and wires its triggers. Call once, at app start (main.tsx).
 * `getOutbox()` then returns it to the screens.
 */
export function startOutbox(options: StartOutboxOptions): OutboxRuntime {
  const { session } = options;
  const currentUserId = () => {
    const s = session.getState();
    return s.status === 'authenticated' && s.user ? s.user.id : null;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const outbox = createOutbox({
    db: getDb(),
    handlers: options.handlers,
    currentUserId,
    onDelivered: options.onDelivered,
    onPaused: options.onPaused,
    onAttention: options.onAttention,
    onEnqueued: () => {
      void requestBackgroundSync();
      void flush();
    },
    ...options.outboxOptions,
  });

  const schedule = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const at = await outbox.nextDueAt();
    if (at === undefined) return;
    timer = setTimeout(() => void flush(), Math.max(1_000, at - Date.now()));
  };

  const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
  const flush = async (): Promise<FlushResult> => {
    if (offline()) return { delivered: 0, paused: false };
    try {
      return await outbox.flush();
    } finally {
      void schedule();
    }
  };
  const sendNow = async (): Promise<FlushResult> => {
    if (offline()) return { delivered: 0, paused: false };
    try {
      return await outbox.sendNow();
    } finally {
      void schedule();
    }
  };

  // Back online: the backoff delays were about the network, so everything queued is due now.
  const onOnline = () => void sendNow();
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === FLUSH_MESSAGE) void flush();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) navigator.serviceWorker.addEventListener('message', onMessage);

  // A new sign-in (status → authenticated) lifts a 401 pause of that user and sends. Any change of
  // user (Sair, an expired session, another sign-in) first stops the send in flight: it belongs to
  // the user who left, and goes back to their queue untouched.
  let lastStatus = session.getState().status;
  let lastUser = currentUserId();
  const unsubscribe = session.subscribe(() => {
    const { status, user } = session.getState();
    if (currentUserId() !== lastUser) outbox.interrupt();
    lastUser = currentUserId();
    if (status === 'authenticated' && lastStatus !== 'authenticated' && user) {
      void outbox.resume(user.id).then(flush);
    }
    lastStatus = status;
  });
  if (currentUserId() !== null) void flush();

  setRuntime({
    outbox,
    flush,
    sendNow,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) navigator.serviceWorker.removeEventListener('message', onMessage);
      if (currentOutbox()?.outbox === outbox) setRuntime(undefined);
    },
  });
  return currentOutbox()!;
}

/** The page's outbox runtime. @throws Error when `startOutbox` has not run. */
export function getOutbox(): OutboxRuntime {
  const runtime = currentOutbox();
  if (!runtime) throw new Error('Outbox não iniciado (startOutbox em main.tsx).');
  return runtime;
}

/** The page's outbox runtime, or undefined before `startOutbox` (tests, /login before start). */
export function maybeOutbox(): OutboxRuntime | undefined {
  return currentOutbox();
}

/* ------------------------------------------------------------------ hooks for the screens */

/**
 * The page's outbox runtime for a screen that must have it running (starts it now): prefer
 * `useOutbox()` (outbox-peek.ts), which loads Dexie only when a write is queued.
 * `undefined` until it runs (tests, /login).
 */
export function useOutboxRuntime(): OutboxRuntime | undefined {
  useEffect(() => requestOutbox(), []);
  return useOutbox()?.current;
}
