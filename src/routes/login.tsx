import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { decideAccess } from '@/lib/navigation/guard';
import { routeMeta } from '@/app/route-table';
import type { SessionState } from '@/lib/session';

export const Route = createFileRoute('/login')({
  staticData: routeMeta('/login'),
  beforeLoad: ({ context }) => {
    const check = (state: SessionState) => {
      const decision = decideAccess(state, routeMeta('/login'));
      if (decision.kind === 'redirect') throw redirect({ to: decision.to, replace: true });
    };
    const current = context.session.getState();
    if (current.status !== 'loading') return check(current);
    return context.session.settled().then(check);
  },
  component: LoginScreen,
});
