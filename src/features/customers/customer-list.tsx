import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDocument } from '@/lib/document';
import { formatDate, formatPhoneNumber } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { customerKeys, customerListInput, customerQueries, deleteCustomer } from './api';
import { customerResource } from './resource';
import type { Customer } from './schema';

const columns: ListColumn<Customer>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  { id: 'cpf_cnpj', header: 'CPF/CNPJ', accessorFn: (c) => formatDocument(c.cpf_cnpj) },
  { id: 'email', header: 'Email', accessorFn: (c) => c.email ?? '', meta: { priority: 3 } },
  { id: 'phone_number', header: 'Telefone', enableSorting: false, accessorFn: (c) => formatPhoneNumber(c.phone_number), meta: { priority: 4 } },
  { id: 'createdAt', header: 'Criado em', meta: { priority: 2 }, accessorFn: (c) => formatDate(c.createdAt) },
];

/**
 * /customers 'Clientes' (spec 001 §2 "Customers", §7, §8): server list with the filters id
 * (`$eq`), name, cpf_cnpj, email and phone_number (`$containsi`; document and phone without
 * punctuation), sort by id, name, createdAt, cpf_cnpj or email, paging; the search box filters
 * the current page. CPF/CNPJ shown formatted. New, edit and delete for holders of customer
 * create/update/delete; a failed delete toasts 'Não foi possível remover o cliente.'.
 */
export function CustomerList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: customerQueries.list(customerListInput(search)) });
  const remove = useMutation({
    mutationFn: (c: Customer) => deleteCustomer(c.documentId),
    meta: { successMessage: 'Cliente excluído com sucesso', errorMessage: 'Não foi possível remover o cliente.', useServerMessage: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all() }),
  });
  return (
    <ListPage<Customer>
      resource={customerResource}
      list={list}
      columns={columns}
      getRowId={(c) => c.documentId}
      newTo={{ to: '/customer/new' }}
      editTo={(c) => ({ to: '/customer/$id', params: { id: c.documentId } })}
      onDelete={(c) => remove.mutateAsync(c)}
    />
  );
}
