import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { HistoryScreen } from '@/features/history/history-screen';
import { validateHistorySearch } from '@/features/history/search';

export const Route = createFileRoute('/_app/history')({
  staticData: routeMeta('/history'),
  validateSearch: validateHistorySearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HistoryScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
