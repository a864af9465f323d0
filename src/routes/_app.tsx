import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, createFileRoute, redirect, useMatches } from '@tanstack/react-router';
import { MENU } from '@/app/menu';
import { routeMeta } from '@/app/route-table';
import { AppShell } from '@/components/layout/app-shell';
import { SessionPlaceholder } from '@/components/layout/placeholder-page';
import { decideAccess } from '@/lib/navigation/guard';
import { loginSearch } from '@/lib/navigation/return-to';
import { useSession, type SessionState } from '@/lib/session';

/**
 * The authenticated layout and the one guard: it reads the permission the matched route
 * carries in `staticData` (src/app/route-table.ts). Before loading it waits for the
 * session (placeholder meanwhile); while mounted it follows session changes (logout).
 */
export const Route = createFileRoute('/_app')({
  // The layout itself needs a session; each leaf route's own permission is checked below.
  staticData: { permission: 'signed-in' },
  // Also makes the QueryClient on the first signed-in screen (/login has none) and
  // hands it to the children's loaders as `context.queryClient`.
  beforeLoad: ({ context, matches }) => {
    const check = (state: SessionState) => {
      const decision = decideAccess(state, matches[matches.length - 1]?.staticData, routeMeta('/'));
      if (decision.kind === 'redirect')
        throw redirect(decision.to === '/login' ? { to: '/login', search: loginSearch(), replace: true } : { to: '/', replace: true });
    };
    const withClient = (): { queryClient: QueryClient } | Promise<{ queryClient: QueryClient }> => {
      const client = context.getQueryClient();
      return client instanceof Promise ? client.then((queryClient) => ({ queryClient })) : { queryClient: client };
    };
    // Synchronous once the session and the client are known, so moving between screens never
    // flashes the placeholder.
    const current = context.session.getState();
    if (current.status !== 'loading') {
      check(current);
      return withClient();
    }
    return context.session.settled().then((state) => {
      check(state);
      return withClient();
    });
  },
  pendingMs: 0,
  // Not the router's default 500 ms: on a cold start the placeholder shows while the screen's
  // chunks load, and the screen must replace it as soon as they ran (LCP).
  pendingMinMs: 0,
  pendingComponent: SessionPlaceholder,
  component: AppLayout,
});

function AppLayout() {
  const queryClient = Route.useRouteContext({ select: (c) => c.queryClient });
  const state = useSession();
  const leaf = useMatches({ select: (m) => m[m.length - 1]?.staticData });
  const decision = decideAccess(state, leaf, routeMeta('/'));
  if (decision.kind === 'loading') return <SessionPlaceholder />;
  // Signed out under the user (a 401): /login?redirect=<where they were> (lib/navigation/return-to.ts).
  if (decision.kind === 'redirect') return decision.to === '/login' ? <Navigate to="/login" search={loginSearch()} replace /> : <Navigate to="/" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell menu={MENU}>
        <Outlet />
      </AppShell>
    </QueryClientProvider>
  );
}
