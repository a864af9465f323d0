import { RegisterList, type ListColumn } from '@/components/layout/list';
import { formatDocument } from '@/lib/document';
import type { ListSearch } from '@/lib/list-search';
import { isAdministrator, useSession } from '@/lib/session';
import { ADMIN_ONLY_REASONS } from '@/shared/admin-only';
import { companyData } from './api';
import { companyStateLabel, type Company } from './schema';

const columns: ListColumn<Company>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'trade_name', header: 'Nome Fantasia', accessorFn: (c) => c.trade_name ?? '', meta: { wrap: true, export: { value: 'trade_name' } } },
  { id: 'legal_name', header: 'Razão Social', accessorFn: (c) => c.legal_name ?? '', meta: { wrap: true, priority: 2, export: { value: 'legal_name' } } },
  { id: 'cnpj', header: 'CNPJ', accessorFn: (c) => formatDocument(c.cnpj), meta: { export: { value: 'cnpj', format: 'document' } } },
  {
    id: 'state',
    header: 'Estado',
    enableSorting: false,
    accessorFn: companyStateLabel,
    meta: { priority: 3, export: { value: 'address_state_id.abbreviation, address_state_id.name' } },
  },
];

const refusedDelete = () => ADMIN_ONLY_REASONS.deleteCompany;

/**
 * /companies 'Concessionárias' (spec 001 §2 "Dealerships", §7, §8): the register list with the
 * declared filters and sort; CNPJ formatted (alphanumeric too), Estado (abbreviation or name).
 * The server deletes companies for administrators only: a role holding company delete sees
 * Excluir disabled with the reason, and a refused delete shows the server's message.
 */
export function CompanyList(props: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const { user } = useSession();
  return (
    <RegisterList
      {...props}
      data={companyData}
      columns={columns}
      deletedTitle="Concessionária excluída"
      deleted="Registro removido com sucesso."
      deleteFailed="Não foi possível excluir a concessionária."
      deleteServerMessage="refusal"
      deleteDisabledReason={isAdministrator(user) ? undefined : refusedDelete}
    />
  );
}
