import { createFileRoute } from '@tanstack/react-router';
import { listSearchValidator } from '@/lib/list-search';
import { routeMeta } from '@/app/route-table';
import { PaymentMethodList } from '@/features/payment-methods/payment-method-list';

export const Route = createFileRoute('/_app/payment-methods')({
  staticData: routeMeta('/payment-methods'),
  validateSearch: listSearchValidator(),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PaymentMethodList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
