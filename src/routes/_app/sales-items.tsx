import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { salesItemResource } from '@/features/sales-items/resource';
import { salesItemData } from '@/features/sales-items/api';
import { SalesItemList } from '@/features/sales-items/sales-item-list';

export const Route = createFileRoute('/_app/sales-items')({
  staticData: routeMeta('/sales-items'),
  validateSearch: salesItemResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(salesItemData.list(salesItemData.listInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return <SalesItemList search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next })} />;
}
