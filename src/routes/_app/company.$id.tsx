import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CompanyForm } from '@/features/companies/company-form';

export const Route = createFileRoute('/_app/company/$id')({
  staticData: routeMeta('/company/$id'),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CompanyForm id={id} mode="edit" />;
}
