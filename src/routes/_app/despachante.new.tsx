import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { DespachanteForm } from '@/features/despachantes/despachante-form';

export const Route = createFileRoute('/_app/despachante/new')({
  staticData: routeMeta('/despachante/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <DespachanteForm mode="new" />;
}
