import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { UserList } from '@/features/users/user-list';

export const Route = createFileRoute('/_app/users')({
  staticData: routeMeta('/users'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <UserList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
