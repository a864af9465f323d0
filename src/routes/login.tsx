import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { decideAccess } from '@/lib/navigation/guard';
import { safeRedirect } from '@/lib/navigation/return-to';
import { routeMeta } from '@/app/route-table';
import type { SessionState } from '@/lib/session';

export const Route = createFileRoute('/login')({
  staticData: routeMeta('/login'),
  // Where to go after signing in: a same-origin path only. The key is always returned (undefined
  // when refused): the router merges the validated search OVER the raw one, so returning `{}`
  // would leave `?redirect=https://evil.example/` in place for the screen to follow.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: safeRedirect(search.redirect) }),
  beforeLoad: ({ context, search }) => {
    const check = (state: SessionState) => {
      const decision = decideAccess(state, routeMeta('/login'), routeMeta('/'));
      if (decision.kind === 'redirect')
        throw safeRedirect(search.redirect) ? redirect({ href: safeRedirect(search.redirect), replace: true }) : redirect({ to: '/', replace: true });
    };
    const current = context.session.getState();
    if (current.status !== 'loading') return check(current);
    return context.session.settled().then(check);
  },
  component: LoginScreen,
});
