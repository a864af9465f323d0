import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { customerData } from '@/features/customers/api';
import { customerResource } from '@/features/customers/resource';
import { CustomerList } from '@/features/customers/customer-list';

export const Route = createFileRoute('/_app/customers')({
  staticData: routeMeta('/customers'),
  validateSearch: customerResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(customerData.list(customerData.listInput(deps))),
  component: CustomerList,
});
