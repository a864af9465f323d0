import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { ProfileScreen } from '@/features/profile/profile-screen';

export const Route = createFileRoute('/_app/profile')({
  staticData: routeMeta('/profile'),
  component: RouteComponent,
});

function RouteComponent() {
  return <ProfileScreen />;
}
