import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { customerResource } from '@/features/customers/resource';
import { customerListInput, customerQueries } from '@/features/customers/api';
import { CustomerList } from '@/features/customers/customer-list';

export const Route = createFileRoute('/_app/customers')({
  staticData: routeMeta('/customers'),
  validateSearch: customerResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // prefetch, not ensure, and not awaited: the list frame renders at once ('Carregando...' rows) while
  // the request runs (issue 13, LCP); a failed list shows the empty list and its toast, not an error page
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(customerQueries.list(customerListInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CustomerList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
