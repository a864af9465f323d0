import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '@/lib/session';
import { createAppRouter, createQueryClient } from './router';
import './index.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient, session);

// Query keys start with the user id; still, drop every cached answer when the user changes.
let lastUserId = session.getState().user?.id;
session.subscribe(() => {
  const id = session.getState().user?.id;
  if (id !== lastUserId) {
    lastUserId = id;
    queryClient.clear();
  }
});

void session.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
