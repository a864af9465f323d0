import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CompanyForm } from '@/features/companies/company-form';

export const Route = createFileRoute('/_app/despachante/new')({
  staticData: routeMeta('/despachante/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <CompanyForm kind="dispatcher" list={{ to: '/despachantes' }} mode="new" />;
}
