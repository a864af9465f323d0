import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/lib/navigation/route-table';
import { ReceivableList } from '@/features/receivables/receivable-list';

export const Route = createFileRoute('/_app/receivables/')({
  staticData: routeMeta('/receivables'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReceivableList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
