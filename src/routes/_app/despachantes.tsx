import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { despachanteResource } from '@/features/despachantes/resource';
import { DespachanteList } from '@/features/despachantes/despachante-list';

export const Route = createFileRoute('/_app/despachantes')({
  staticData: routeMeta('/despachantes'),
  validateSearch: despachanteResource.validateSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <DespachanteList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
