import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberReturnTo } from '@/lib/navigation/return-to';
import { session } from '@/lib/session';
import { bootApp } from './app/boot';
import { refreshLookupsAfterWrites } from './app/lookups';
import { settleRouter } from './app/settle-router';
import { lazyQueryClient } from '@/lib/lazy-query-client';
import { createAppRouter } from './router';
import './index.css';

// A 401 after the session started (token expired or revoked): sign out; the guard in _app.tsx
// then sends the user to /login?redirect=<where they were>, and signing in returns there.
// The client (and TanStack Query) is made with the first signed-in screen: /login has none.
const queryClient = lazyQueryClient({
  onUnauthorized: () => {
    if (session.getState().status !== 'authenticated') return false;
    rememberReturnTo(router.state.location.href);
    session.logout();
  },
});
const router = createAppRouter(queryClient.get, session);
// After a write that changes a cached lookup (a state, a payment method, ...), the next read is fresh.
refreshLookupsAfterWrites(queryClient.current);

let firstScreenPainted!: () => void;
/**
 * Resolves 300 ms after the frame that paints the first screen React committed (or after 5 s if
 * none does): what that screen does not need (users/me's revalidation on a warm start, the service
 * worker's registration, the manifest) starts after it, not between its chunks and its paint
 * (LCP). The grace: the frame reaches the screen some time after its main-thread work
 * (~50 ms in Lighthouse's traces of this host), and a request that ends before then still counts
 * against the paint in Lighthouse's simulation.
 */
const firstScreen = Promise.race([new Promise<void>((resolve) => (firstScreenPainted = resolve)), new Promise<void>((resolve) => setTimeout(resolve, 5_000))]);
function FirstScreen() {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(firstScreenPainted, 300));
  }, []);
  return null;
}

// With a stored user and permissions this is 'authenticated' at once (warm start); users/me
// revalidates in the background once the first screen is painted.
void session.start({ revalidateAfter: firstScreen });

// Query keys start with the user id; still, drop every cached answer when the user changes.
let lastUserId = session.getState().user?.id;
session.subscribe(() => {
  const id = session.getState().user?.id;
  if (id !== lastUserId) {
    lastUserId = id;
    queryClient.current()?.clear();
  }
});

/**
 * The first render, once the router has settled on the URL (app/settle-router.ts): React
 * renders the settled screen once, as a transition, in slices of a few ms that yield to the
 * browser (Lighthouse's Total Blocking Time). The static skeleton of index.html
 * stays until React commits.
 */
async function render() {
  await settleRouter(router);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <FirstScreen />
      </StrictMode>,
    );
  });
}

/**
 * The web app manifest's link, which the build leaves as `<meta name="balcao:manifest">`
 * (scripts/vite/manifest-after-first-screen.ts): added once the first screen is painted.
 */
function linkManifest() {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="balcao:manifest"]');
  if (!meta || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = meta.content;
  document.head.append(link);
}
void firstScreen.then(linkManifest);

/**
 * The service worker (offline shell, updates): registered at the first idle moment after
 * `firstScreen`. Idle alone came too early: on a cold start the main thread idles
 * while the screen's chunks download, and the registration (workbox-window, the worker's
 * precache) then competed with them.
 */
function registerWorker() {
  const run = () => void import('@/lib/offline/update').then((m) => m.registerServiceWorker());
  void firstScreen.then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3_000 });
    else setTimeout(run, 1_000);
  });
}

// Dexie, the persisted cache and the outbox load as their own chunk (app/offline.ts), and only
// for a signed-in user: /login (signed out) downloads none of it. Online, the first
// render does not wait for them (app/boot.ts).
// The first render is not waited for (the worker and the offline chunk start beside it); its
// failure (no #root, a router that cannot load) is logged.
const startRender = () => void render().catch((error: unknown) => console.error('[boot] a primeira tela não pôde ser mostrada', error));
void bootApp({ session, queryClient: queryClient.get, render: startRender, registerWorker, loadOffline: () => import('./app/offline') });
