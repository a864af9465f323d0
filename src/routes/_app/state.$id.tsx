import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { StateForm } from '@/features/states/state-form';

export const Route = createFileRoute('/_app/state/$id')({
  staticData: routeMeta('/state/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <StateForm id={id} mode="edit" />;
}
