import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { SalesItemList } from '@/features/sales-items/sales-item-list';

export const Route = createFileRoute('/_app/sales-items')({
  staticData: routeMeta('/sales-items'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SalesItemList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
