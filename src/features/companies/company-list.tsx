import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDocument } from '@/lib/document';
import type { ListSearch } from '@/lib/list-search';
import { companyKeys, companyListInput, companyQueries, deleteCompany } from './api';
import { companyResource } from './resource';
import { companyStateLabel, type Company } from './schema';

const columns: ListColumn<Company>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'trade_name', header: 'Nome Fantasia', accessorFn: (c) => c.trade_name ?? '', meta: { wrap: true } },
  { id: 'legal_name', header: 'Razão Social', accessorFn: (c) => c.legal_name ?? '', meta: { wrap: true, priority: 2 } },
  { id: 'cnpj', header: 'CNPJ', accessorFn: (c) => formatDocument(c.cnpj) },
  { id: 'state', header: 'Estado', enableSorting: false, accessorFn: companyStateLabel, meta: { priority: 3 } },
];

/**
 * /companies 'Concessionárias' (spec 001 §2 "Dealerships", §7, §8): ID, Nome Fantasia, Razão
 * Social, CNPJ (formatted, alphanumeric too), Estado (abbreviation or name); the filters id (`$eq`),
 * texts (`$containsi`) and 'Apenas empresas ativas/inativas' (is_active `$eq`); the sorts of the
 * spec; edit and delete ('Concessionária excluída' / 'Registro removido com sucesso.', failure
 * 'Não foi possível excluir a concessionária.') for holders of company update/delete.
 */
export function CompanyList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: companyQueries.list(companyListInput(search)) });
  const remove = useMutation({
    mutationFn: (c: Company) => deleteCompany(c.documentId),
    meta: {
      successTitle: 'Concessionária excluída',
      successMessage: 'Registro removido com sucesso.',
      errorMessage: 'Não foi possível excluir a concessionária.',
      useServerMessage: false,
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all() }),
  });
  return (
    <ListPage<Company>
      resource={companyResource}
      list={list}
      columns={columns}
      getRowId={(c) => c.documentId}
      newTo={{ to: '/company/new' }}
      editTo={(c) => ({ to: '/company/$id', params: { id: c.documentId } })}
      onDelete={(c) => remove.mutateAsync(c)}
    />
  );
}
