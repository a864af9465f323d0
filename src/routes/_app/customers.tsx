import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { CustomerList } from '@/features/customers/customer-list';

export const Route = createFileRoute('/_app/customers')({
  staticData: routeMeta('/customers'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CustomerList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
