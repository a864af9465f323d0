import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlagBadge, ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDate } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { deletePaymentMethod, paymentMethodKeys, paymentMethodListInput, paymentMethodQueries } from './api';
import { paymentMethodResource } from './resource';
import type { PaymentMethod } from './schema';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An interest rate (percentage, 2.5 = 2,5 %) as '2,50%' (spec 001 §9 "interest rate shown as a percentage"). */
export const formatInterest = (n: number) => `${percent.format(n)}%`;

const columns: ListColumn<PaymentMethod>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  {
    id: 'is_online_payment',
    header: 'Online',
    enableSorting: false,
    accessorFn: (p) => p.is_online_payment !== false,
    cell: ({ row }) => <FlagBadge value={row.original.is_online_payment} fallback />,
    meta: { priority: 2 },
  },
  { id: 'max_installments', header: 'Parcelas máx.', accessorFn: (p) => p.max_installments ?? 0 },
  { id: 'interest_tax', header: 'Taxa de juros', accessorFn: (p) => formatInterest(p.interest_tax) },
  {
    id: 'is_active',
    header: 'Ativo',
    enableSorting: false,
    accessorFn: (p) => p.is_active !== false,
    cell: ({ row }) => <FlagBadge value={row.original.is_active} fallback />,
  },
  { id: 'createdAt', header: 'Criado em', meta: { priority: 3 }, accessorFn: (p) => formatDate(p.createdAt) },
];

/**
 * /payment-methods 'Meios de Pagamento' (spec 001 §2 "Payment methods", §7, §8): server list
 * with the filters id (`$eq`), name (`$containsi`), Online and Ativo (Todos/Sim/Não → no filter or
 * `$eq` true/false), sort by id, name, max_installments, interest_tax or createdAt, paging; the
 * search box filters the current page. New, edit and delete for holders of payment-method
 * create/update/delete; a failed delete toasts 'Não foi possível excluir o meio de pagamento.'.
 */
export function PaymentMethodList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: paymentMethodQueries.list(paymentMethodListInput(search)) });
  const remove = useMutation({
    mutationFn: (p: PaymentMethod) => deletePaymentMethod(p.documentId),
    meta: {
      successMessage: 'Meio de pagamento excluído com sucesso',
      errorMessage: 'Não foi possível excluir o meio de pagamento.',
      useServerMessage: false,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all() }),
  });
  return (
    <ListPage<PaymentMethod>
      resource={paymentMethodResource}
      list={list}
      columns={columns}
      getRowId={(p) => p.documentId}
      newTo={{ to: '/payment-method/new' }}
      editTo={(p) => ({ to: '/payment-method/$id', params: { id: p.documentId } })}
      onDelete={(p) => remove.mutateAsync(p)}
    />
  );
}
