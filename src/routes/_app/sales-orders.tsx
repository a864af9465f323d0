import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/lib/navigation/route-table';
import { SalesOrderList } from '@/features/sales-orders/sales-order-list';

export const Route = createFileRoute('/_app/sales-orders')({
  staticData: routeMeta('/sales-orders'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SalesOrderList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
