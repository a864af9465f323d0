import '@/lib/zod-setup';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rememberReturnTo } from '@/lib/navigation/return-to';
import { session } from '@/lib/session';
import { createAppRouter, createQueryClient } from './router';
import './index.css';

// A 401 after the session started (token expired or revoked): sign out; the guard in _app.tsx
// then sends the user to /login?redirect=<where they were>, and signing in returns there.
const queryClient = createQueryClient({
  onUnauthorized: () => {
    if (session.getState().status !== 'authenticated') return false;
    rememberReturnTo(router.state.location.href);
    session.logout();
  },
});
const router = createAppRouter(queryClient, session);

// With a stored user and permissions this is 'authenticated' at once (warm start); users/me
// revalidates in the background.
void session.start();

// Query keys start with the user id; still, drop every cached answer when the user changes.
let lastUserId = session.getState().user?.id;
session.subscribe(() => {
  const id = session.getState().user?.id;
  if (id !== lastUserId) {
    lastUserId = id;
    queryClient.clear();
  }
});

// Dexie, the persisted cache and the outbox load as their own chunk (/login does not need them).
const offline = import('./app/offline');

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

async function boot() {
  const warm = session.getState().status === 'authenticated';
  let restored = false;
  if (warm) {
    // Warm start: the last screen's data comes from IndexedDB before the first paint.
    try {
      const m = await offline;
      await m.restoreQueries(queryClient, session);
      restored = true;
    } catch (error) {
      console.warn('[offline] sem cache local', error);
    }
  }
  render();
  try {
    const m = await offline;
    if (!restored) await m.restoreQueries(queryClient, session);
    m.startOffline(queryClient, session);
  } catch (error) {
    console.warn('[offline] fila e cache local indisponíveis', error);
  }
}

void boot();
