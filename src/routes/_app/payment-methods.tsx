import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { paymentMethodResource } from '@/features/payment-methods/resource';
import { paymentMethodListInput, paymentMethodQueries } from '@/features/payment-methods/api';
import { PaymentMethodList } from '@/features/payment-methods/payment-method-list';

export const Route = createFileRoute('/_app/payment-methods')({
  staticData: routeMeta('/payment-methods'),
  validateSearch: paymentMethodResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(paymentMethodQueries.list(paymentMethodListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PaymentMethodList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
