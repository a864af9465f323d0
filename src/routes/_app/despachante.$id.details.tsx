import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { DespachanteDetails } from '@/features/despachantes/despachante-details';

export const Route = createFileRoute('/_app/despachante/$id/details')({
  staticData: routeMeta('/despachante/$id/details'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <DespachanteDetails id={id} />;
}
