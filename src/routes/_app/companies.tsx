import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { companyResource } from '@/features/companies/resource';
import { CompanyList } from '@/features/companies/company-list';

export const Route = createFileRoute('/_app/companies')({
  staticData: routeMeta('/companies'),
  validateSearch: companyResource.validateSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CompanyList search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
