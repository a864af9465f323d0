import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxItem } from './db';
import type { OutboxRuntime } from './sync';
import { idbGetAllByIndex, openBalcaoDb, type OpenDb } from './idb';

/**
 * The outbox as the screens see it, without Dexie: the signed-in user's queued items
 * read straight from IndexedDB and read again whenever the outbox changes, in this tab or another.
 * Dexie (`sync.ts`, `outbox.ts`) loads only when there is something to send or a screen that
 * queues (an order, the queue page) opens; when it is loaded it reports every change of the
 * `outbox` table here ({@link notifyOutboxChanged}), and the other tabs hear it on a
 * BroadcastChannel, Dexie or not.
 */

/** Message the service worker posts to the pages on a Background Sync event (sw/sw.ts). */
export const FLUSH_MESSAGE = 'outbox-flush';

/** BroadcastChannel on which a tab that changed the outbox tells the others. */
export const OUTBOX_CHANGED_CHANNEL = 'balcao-outbox-changed';

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
const fire = () => {
  for (const l of [...listeners]) l();
};
function ensureChannel() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(OUTBOX_CHANGED_CHANNEL);
  channel.onmessage = fire;
}

/** Calls `listener` after every change of the outbox (this tab or another). Returns the unsubscribe. */
export function subscribeOutboxChanges(listener: () => void): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports a change of the outbox to this tab's readers and to the other tabs (sync.ts calls it). */
export function notifyOutboxChanged(): void {
  ensureChannel();
  fire();
  channel?.postMessage(1);
}

/** The user's queued items in `seq` (creation) order. */
export async function readOutboxItems(userId: number, open: OpenDb = openBalcaoDb): Promise<OutboxItem[]> {
  const rows = await idbGetAllByIndex<OutboxItem>(open, 'outbox', 'userId', userId);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** True when the user has anything in the outbox (queued, sending or needing attention). */
export async function hasOutboxItems(userId: number, open: OpenDb = openBalcaoDb): Promise<boolean> {
  try {
    return (await readOutboxItems(userId, open)).length > 0;
  } catch {
    return false;
  }
}

/**
 * The signed-in user's queued items, live across tabs, in `seq` order; `undefined` while
 * loading. `userId` null → [].
 */
export function useOutboxItems(userId: number | null | undefined): OutboxItem[] | undefined {
  const [items, setItems] = useState<OutboxItem[] | undefined>(undefined);
  useEffect(() => {
    if (userId == null) {
      setItems([]);
      return;
    }
    let alive = true;
    let reading = false;
    let again = false;
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      readOutboxItems(userId)
        .then(
          (rows) => alive && setItems(rows),
          () => alive && setItems([]),
        )
        .finally(() => {
          reading = false;
          if (again && alive) {
            again = false;
            read();
          }
        });
    };
    const stop = subscribeOutboxChanges(read);
    read();
    return () => {
      alive = false;
      stop();
    };
  }, [userId]);
  return items;
}

/** True while the browser says it is online (`online` / `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/* ------------------------------------------------------------------ starting the outbox */

let starter: (() => Promise<OutboxRuntime | undefined>) | undefined;
let wanted = false;
let runtime: OutboxRuntime | undefined;
const runtimeListeners = new Set<() => void>();
let accessVersion = 0;
const changed = () => {
  accessVersion += 1;
  for (const l of [...runtimeListeners]) l();
};

/** app/offline.ts: how to load and start the outbox runtime (Dexie) when a screen asks for it. */
export function setOutboxStarter(start: () => Promise<OutboxRuntime | undefined>): void {
  starter = start;
  changed();
  if (wanted) void start();
}

/** Starts the outbox runtime now, or once the app can (app/offline.ts registered its starter). */
export function requestOutbox(): void {
  wanted = true;
  void starter?.();
}

/** sync.ts: the page's running outbox runtime (`undefined` when it stops). */
export function setCurrentOutbox(next: OutboxRuntime | undefined): void {
  runtime = next;
  changed();
}

/** The page's outbox runtime, or undefined before it started (lib/offline/sync.ts `startOutbox`). */
export function currentOutbox(): OutboxRuntime | undefined {
  return runtime;
}

/**
 * The outbox runtime, loaded and started on demand (the first queued write of the page loads
 * Dexie). @throws Error 'Fila de envio indisponível.' when the app has no outbox.
 */
export async function loadOutbox(): Promise<OutboxRuntime> {
  if (runtime) return runtime;
  const started = (await starter?.()) ?? runtime;
  if (!started) throw new Error('Fila de envio indisponível.');
  return started;
}

/** What a screen that queues writes gets from {@link useOutbox}. */
export interface OutboxAccess {
  /** The running runtime, if already loaded (items queued at start, an earlier write). */
  current: OutboxRuntime | undefined;
  /** Loads and starts the runtime (Dexie) if needed: call it when a write is queued. @throws as {@link loadOutbox}. */
  get(): Promise<OutboxRuntime>;
}

/**
 * For a screen that queues writes (an order's payments and documents, the queue page):
 * `undefined` when the page has no outbox (signed out, tests without app/offline.ts); otherwise
 * an {@link OutboxAccess} whose `get()` loads the runtime — so opening the screen downloads no
 * Dexie, the first queued write does. Re-renders when the runtime starts or stops.
 */
export function useOutbox(): OutboxAccess | undefined {
  useSyncExternalStore(
    (cb) => {
      runtimeListeners.add(cb);
      return () => runtimeListeners.delete(cb);
    },
    () => accessVersion,
    () => 0,
  );
  if (!runtime && !starter) return undefined;
  return { current: runtime, get: loadOutbox };
}

/** A queued item's state in words: 'Aguardando envio', 'Enviando...' ('Enviando... 40%' for an upload), 'Precisa de atenção'. */
export function outboxStateLabel(item: OutboxItem): string {
  if (item.state === 'attention') return 'Precisa de atenção';
  if (item.state === 'sending') return item.progress !== undefined && item.progress > 0 ? `Enviando... ${item.progress}%` : 'Enviando...';
  return 'Aguardando envio';
}
