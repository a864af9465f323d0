import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';

/** What boot needs of `app/offline.ts` (loaded as its own chunk, so only the type is imported). */
export interface OfflineModule {
  /** Restores the user's persisted queries into the client; resolves when they are in memory. */
  restoreQueries(queryClient: QueryClient, session: Session): Promise<unknown>;
  /**
   * Starts the session-driven parts (wipe on logout, persist() after sign-in) and the outbox when
   * it has work; `signedIn`: the session began with a sign-in in this page (lifts a 401 pause).
   */
  startOffline(queryClient: QueryClient, session: Session, options: { signedIn: boolean }): unknown;
}

export interface BootDeps {
  session: Session;
  /** The client, or its lazy source (main.tsx: made only once a session exists). */
  queryClient: QueryClient | (() => QueryClient | Promise<QueryClient>);
  /** Mounts React (main.tsx: the first render, as a transition). */
  render(): void;
  /** The offline chunk (`import('./offline')`); called only once a session exists. */
  loadOffline(): Promise<OfflineModule>;
  /** Registers the service worker (at idle). */
  registerWorker(): void;
  /** `navigator.onLine` (default). */
  isOnline?: () => boolean;
}

/** Ends the current task (the modules' evaluation) before rendering starts in a new one. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app (nothing on the first screen waits for IndexedDB):
 * - online, React renders at once: the shell and the list frame paint while the screen's data
 *   comes from the network, and the persisted cache (Dexie-free reader, app/offline.ts) is
 *   restored beside it; what the network already answered is newer and stays (TanStack's
 *   hydrate keeps the newer `dataUpdatedAt`), a query still waiting shows the restored rows;
 * - offline (`navigator.onLine` false) the persisted cache is the only data, so it is restored
 *   before the first render, as before, and the first screen opens with it;
 * - the outbox starts once a session exists (warm start) or begins (sign-in).
 * Resolves when the warm start's restore and the outbox start are done (tests wait for it).
 */
export async function bootApp({
  session,
  queryClient: source,
  render,
  loadOffline,
  registerWorker,
  isOnline = () => navigator.onLine,
}: BootDeps): Promise<void> {
  const client = async () => (typeof source === 'function' ? source() : source);
  let offline: Promise<OfflineModule> | undefined;
  const load = () => (offline ??= loadOffline());
  let restored = false;

  if (session.getState().status === 'authenticated' && !isOnline()) {
    try {
      const [m, queryClient] = await Promise.all([load(), client()]);
      await m.restoreQueries(queryClient, session);
      restored = true;
    } catch (error) {
      console.warn('[offline] sem cache local', error);
    }
  }
  await yieldToMain();
  render();
  registerWorker();

  let started: Promise<void> | undefined;
  const start = (signedIn: boolean) =>
    (started ??= (async () => {
      try {
        const [m, queryClient] = await Promise.all([load(), client()]);
        if (!restored) await m.restoreQueries(queryClient, session);
        m.startOffline(queryClient, session, { signedIn });
      } catch (error) {
        console.warn('[offline] fila e cache local indisponíveis', error);
      }
    })());

  if (session.getState().status === 'authenticated') return start(false);
  await new Promise<void>((resolve) => {
    const stop = session.subscribe(() => {
      if (session.getState().status !== 'authenticated') return;
      stop();
      void start(true).then(resolve);
    });
  });
}
