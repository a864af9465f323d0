import { createFileRoute } from '@tanstack/react-router';
import { routeMeta } from '@/app/route-table';
import { companyData } from '@/features/companies/api';
import { CompanyList } from '@/features/companies/company-list';
import { companyResource } from '@/features/companies/resource';

export const Route = createFileRoute('/_app/companies')({
  staticData: routeMeta('/companies'),
  validateSearch: companyResource.validateSearch,
  loaderDeps: ({ search }) => search,
  // started, not awaited: the list frame paints at once ('Carregando...' rows; LCP)
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(companyData.list(companyData.listInput(deps))),
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = Route.useNavigate();
  return <CompanyList search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next })} />;
}
