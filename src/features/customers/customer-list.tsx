import { RegisterList, type ListColumn } from '@/components/layout/list';
import { formatDocument } from '@/lib/document';
import { formatDate, formatPhoneNumber } from '@/lib/format';
import { customerData } from './api';
import type { Customer } from './schema';

const columns: ListColumn<Customer>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  { id: 'cpf_cnpj', header: 'CPF/CNPJ', accessorFn: (c) => formatDocument(c.cpf_cnpj), meta: { export: { value: 'cpf_cnpj', format: 'document' } } },
  { id: 'email', header: 'Email', accessorFn: (c) => c.email ?? '', meta: { priority: 3, export: { value: 'email' } } },
  {
    id: 'phone_number',
    header: 'Telefone',
    enableSorting: false,
    accessorFn: (c) => formatPhoneNumber(c.phone_number),
    meta: { priority: 4, export: { value: 'phone_number', format: 'phone' } },
  },
  { id: 'createdAt', header: 'Criado em', meta: { priority: 2, export: { value: 'createdAt', format: 'date' } }, accessorFn: (c) => formatDate(c.createdAt) },
];

/** /customers 'Clientes' (spec 001 §2 "Customers", §7, §8): the register list with the declared filters and sort; CPF/CNPJ shown formatted. */
export function CustomerList() {
  return <RegisterList data={customerData} columns={columns} deleted="Cliente excluído com sucesso" deleteFailed="Não foi possível remover o cliente." />;
}
