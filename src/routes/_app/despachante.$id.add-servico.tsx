import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { AddServicoScreen } from '@/features/despachantes/add-servico-screen';

export const Route = createFileRoute('/_app/despachante/$id/add-servico')({
  staticData: routeMeta('/despachante/$id/add-servico'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <AddServicoScreen id={id} />;
}
