import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { UserForm } from '@/features/users/user-form';

export const Route = createFileRoute('/_app/user/new')({
  staticData: routeMeta('/user/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <UserForm mode="new" />;
}
