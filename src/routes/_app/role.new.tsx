import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { RoleForm } from '@/features/roles/role-form';

export const Route = createFileRoute('/_app/role/new')({
  staticData: routeMeta('/role/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <RoleForm mode="new" />;
}
