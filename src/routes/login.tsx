import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { decideAccess } from '@/lib/navigation/guard';
import { safeRedirect } from '@/lib/navigation/return-to';
import { routeMeta } from '@/app/route-table';
import type { SessionState } from '@/lib/session';

export const Route = createFileRoute('/login')({
  staticData: routeMeta('/login'),
  // Where to go after signing in: a same-origin path only (anything else is dropped).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const to = safeRedirect(search.redirect);
    return to ? { redirect: to } : {};
  },
  beforeLoad: ({ context, search }) => {
    const check = (state: SessionState) => {
      const decision = decideAccess(state, routeMeta('/login'));
      if (decision.kind === 'redirect') throw search.redirect ? redirect({ href: search.redirect, replace: true }) : redirect({ to: '/', replace: true });
    };
    const current = context.session.getState();
    if (current.status !== 'loading') return check(current);
    return context.session.settled().then(check);
  },
  component: LoginScreen,
});
