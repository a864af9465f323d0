import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { RolePermissions } from '@/features/roles/role-permissions';

export const Route = createFileRoute('/_app/role/$id/permissions')({
  staticData: routeMeta('/role/$id/permissions'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <RolePermissions id={id} />;
}
