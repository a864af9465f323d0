import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { UserForm } from '@/features/users/user-form';

export const Route = createFileRoute('/_app/user/$id')({
  staticData: routeMeta('/user/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <UserForm id={id} mode="edit" />;
}
