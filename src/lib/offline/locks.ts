/**
 * The Web Lock the outbox sender holds, in a module of its own so the service
 * worker's update flow (update.ts, loaded on every page) does not pull in the outbox.
 */

/** The part of `navigator.locks` the outbox uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Name of the Web Lock held by whoever is sending. */
export const OUTBOX_LOCK = 'balcao-outbox-sender';
