import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { decideAccess } from '@/lib/navigation/guard';
import { routeMeta } from '@/lib/navigation/route-table';

export const Route = createFileRoute('/login')({
  staticData: routeMeta('/login'),
  beforeLoad: async ({ context }) => {
    const decision = decideAccess(await context.session.settled(), routeMeta('/login'));
    if (decision.kind === 'redirect') throw redirect({ to: decision.to, replace: true });
  },
  component: LoginScreen,
});
