import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { CompanyForm } from '@/features/companies/company-form';

export const Route = createFileRoute('/_app/company/new')({
  staticData: routeMeta('/company/new'),
  component: RouteComponent,
});

function RouteComponent() {
  return <CompanyForm mode="new" />;
}
