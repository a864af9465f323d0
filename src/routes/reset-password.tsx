import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';
import { routeMeta } from '@/app/route-table';

export const Route = createFileRoute('/reset-password')({
  staticData: routeMeta('/reset-password'),
  validateSearch: (search: Record<string, unknown>): { code?: string } => (typeof search.code === 'string' && search.code ? { code: search.code } : {}),
  component: RouteComponent,
});

function RouteComponent() {
  const { code } = Route.useSearch();
  return <ResetPasswordScreen code={code} />;
}
