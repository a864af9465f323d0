import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { EditLojasScreen } from '@/features/despachantes/edit-lojas-screen';

export const Route = createFileRoute('/_app/despachante/$id/edit-lojas')({
  staticData: routeMeta('/despachante/$id/edit-lojas'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <EditLojasScreen id={id} />;
}
