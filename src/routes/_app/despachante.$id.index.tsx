import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CompanyForm } from '@/features/companies/company-form';

export const Route = createFileRoute('/_app/despachante/$id/')({
  staticData: routeMeta('/despachante/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CompanyForm kind="dispatcher" list={{ to: '/despachantes' }} id={id} mode="edit" />;
}
