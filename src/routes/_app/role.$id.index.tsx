import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { RoleForm } from '@/features/roles/role-form';

export const Route = createFileRoute('/_app/role/$id/')({
  staticData: routeMeta('/role/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <RoleForm id={id} mode="edit" />;
}
