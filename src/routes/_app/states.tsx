import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { StateList } from '@/features/states/state-list';

export const Route = createFileRoute('/_app/states')({
  staticData: routeMeta('/states'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <StateList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
