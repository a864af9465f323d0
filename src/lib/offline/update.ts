import { useSyncExternalStore } from 'react';
import { OUTBOX_LOCK, type LockManagerLike } from './locks';

/**
 * Service worker registration and the 'Atualizar' flow: `workbox-window` registers /sw.js; a new release waits ('waiting') until the user
 * chooses 'Atualizar'. The switch (skip waiting → reload) never happens while the outbox is
 * sending (it takes the sender's Web Lock first, so it waits for a send in flight) nor while a
 * form has unsaved input (it asks to save or discard first).
 */

export type UpdateState = 'idle' | 'available' | 'waiting-for-send' | 'blocked-by-form' | 'updating';

let state: UpdateState = 'idle';
const listeners = new Set<() => void>();
const set = (next: UpdateState) => {
  state = next;
  for (const l of listeners) l();
};
let applyUpdate: (() => Promise<void>) | undefined;

/* ----- unsaved input: any edit inside a <form> until it is submitted or the route changes */

let dirty = false;
/** True when some form on the page has input not yet submitted. */
export function hasUnsavedInput(): boolean {
  return dirty;
}
/** Forget unsaved input (after a navigation; the router calls it). */
export function clearUnsavedInput(): void {
  dirty = false;
}
if (typeof document !== 'undefined') {
  const mark = (e: Event) => {
    if (e.target instanceof Element && e.target.closest('form, [role="dialog"]')) dirty = true;
  };
  document.addEventListener('input', mark, true);
  document.addEventListener('change', mark, true);
  document.addEventListener('submit', () => (dirty = false), true);
}

/**
 * The messages the service worker understands (sw/sw.ts). `skipWaiting` is workbox-window's own
 * message, sent by `Workbox.messageSkipWaiting()`.
 */
export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', clearUserCaches: 'clear-user-caches' } as const;

function locks(): LockManagerLike | undefined {
  const nav = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }) : undefined;
  return nav?.locks;
}

/**
 * Registers /sw.js (production builds only) and watches for a waiting release.
 * Never throws (no service worker = the app still works online).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () =>
      offerUpdate(async () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      }),
    );
    await wb.register();
  } catch (error) {
    console.warn('[sw] registro falhou', error);
  }
}

/**
 * A new release is waiting: `apply` activates it (skip waiting, then reload once it controls
 * the page). The prompt shows 'Atualizar'; nothing happens until the user asks.
 */
export function offerUpdate(apply: () => Promise<void>): void {
  applyUpdate = apply;
  if (state === 'idle') set('available');
}

/**
 * 'Atualizar': waits for a send in flight (the outbox lock), refuses while a form has unsaved
 * input, then activates the new release and reloads. `lockManager` defaults to `navigator.locks`
 * (tests pass the outbox's in-page locks).
 */
export async function requestUpdate(lockManager: LockManagerLike | undefined = locks()): Promise<void> {
  if (!applyUpdate) return;
  if (hasUnsavedInput()) {
    set('blocked-by-form');
    return;
  }
  const run = applyUpdate;
  const l = lockManager;
  if (!l) {
    set('updating');
    await run();
    return;
  }
  set('waiting-for-send');
  // Holding the sender's lock: no send starts, and we got it only after a send in flight ended.
  // The lock is released when the page unloads.
  void l.request(OUTBOX_LOCK, async () => {
    if (hasUnsavedInput()) {
      set('blocked-by-form');
      return;
    }
    set('updating');
    await run();
    await new Promise(() => undefined);
  });
}

/** Tells the service worker to drop the user's cached lookup lists (logout). */
export function clearServiceWorkerUserCaches(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.clearUserCaches });
}

/** The current update state (the prompt reads it through `useUpdateState`). */
export function getUpdateState(): UpdateState {
  return state;
}

/** The update state for the prompt. */
export function useUpdateState(): UpdateState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/** Back to 'available' after the user saw the form warning (they may try again). */
export function dismissUpdateWarning(): void {
  if (state === 'blocked-by-form') set('available');
}
