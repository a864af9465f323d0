import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { DespachanteForm } from '@/features/despachantes/despachante-form';

export const Route = createFileRoute('/_app/despachante/$id/')({
  staticData: routeMeta('/despachante/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <DespachanteForm id={id} mode="edit" />;
}
