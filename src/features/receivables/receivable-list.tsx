import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { formatDocument } from '@/lib/document';
import { formatDate } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { formatBRL } from '@/lib/money';
import { paymentMethodOptions } from '@/shared/payment-methods';
import { refUserName } from '@/shared/users';
import { RECEIVABLE_STATUSES, RECEIVABLE_STATUS_OPTIONS, receivableStatusBadge } from './status';

/** The statuses as this list's badges say them ('Revertido' for reversed), for 'Exportar'. */
const LIST_STATUS_LABELS = Object.fromEntries(RECEIVABLE_STATUSES.map((s) => [s, receivableStatusBadge(s, 'list').label]));
import { StatusBadge } from '@/components/ui/status-badge';
import { receivableResource } from './resource';
import { deleteReceivable } from '@/shared/receivables';
import { receivableKeys, receivableQueries } from './api';
import { toReceivableSearch, type Receivable } from './schema';

const columns: ListColumn<Receivable>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'payment_date', header: 'Data', accessorFn: (r) => formatDate(r.payment_date), meta: { export: { value: 'payment_date', format: 'date' } } },
  {
    id: 'pedido',
    header: 'Pedido',
    enableSorting: false,
    meta: { priority: 2, export: { value: 'pedido_id, sales_order.id', format: 'integer' } },
    accessorFn: (r) => String(r.pedido_id ?? r.sales_order?.id ?? ''),
  },
  {
    id: 'dispatcher',
    header: 'Despachante',
    enableSorting: false,
    meta: { priority: 4, wrap: true, export: { value: 'user_dispatcher_id', format: 'person' } },
    accessorFn: (r) => refUserName(r.user_dispatcher_id),
  },
  {
    id: 'company',
    header: 'Concessionária',
    enableSorting: false,
    meta: { priority: 3, wrap: true, export: { value: 'user_company_id', format: 'person' } },
    accessorFn: (r) => refUserName(r.user_company_id),
  },
  {
    id: 'customer',
    header: 'CPF/CNPJ do Cliente',
    enableSorting: false,
    meta: { priority: 2, export: { value: 'cpf_cnpj_cliente', format: 'document' } },
    accessorFn: (r) => formatDocument(r.cpf_cnpj_cliente),
  },
  {
    id: 'method',
    header: 'Meio de Pagamento',
    enableSorting: false,
    meta: { priority: 5, wrap: true, export: { value: 'payment_method_id.name' } },
    accessorFn: (r) => (r.payment_method_id && 'name' in r.payment_method_id ? (r.payment_method_id.name ?? '') : ''),
  },
  {
    id: 'amount_original',
    header: 'Valor Nominal',
    accessorFn: (r) => formatBRL(r.amount_original),
    meta: { export: { value: 'amount_original', format: 'money' } },
  },
  {
    id: 'amount_final',
    header: 'Valor Final',
    enableSorting: false,
    accessorFn: (r) => formatBRL(r.amount_final),
    meta: { export: { value: 'amount_final', format: 'money' } },
  },
  {
    id: 'status_in',
    header: 'Status',
    accessorFn: (r) => receivableStatusBadge(r.status_in, 'list').label,
    meta: { export: { value: 'status_in', format: 'label', labels: LIST_STATUS_LABELS, fallback: receivableStatusBadge(undefined, 'list').label } },
    cell: ({ row }) => <StatusBadge {...receivableStatusBadge(row.original.status_in, 'list')} />,
  },
];

/**
 * /receivables 'Contas a Receber' (spec 001 §2, §7, §8): server-side list (default 25 per page)
 * with the filters of the spec, free text across the fields of §7, six sort fields, status badge
 * ('Revertido' for reversed), edit and delete. A failed load shows the empty list and
 * 'Erro ao carregar os recebimentos: {message}'.
 */
export function ReceivableList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, serverSearch: true, query: receivableQueries.list(toReceivableSearch(search)) });
  const methods = useQuery(paymentMethodOptions());

  const remove = useMutation({
    mutationFn: (r: Receivable) => deleteReceivable(r.documentId),
    meta: {
      successTitle: 'Recebimento excluído',
      successMessage: 'Recebimento excluído com sucesso.',
      errorMessage: 'Não foi possível excluir o recebimento.',
      useServerMessage: false,
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: receivableKeys.all() }),
  });

  return (
    <ListPage<Receivable>
      resource={receivableResource}
      list={list}
      columns={columns}
      getRowId={(r) => r.documentId}
      newTo={{ to: '/receivables/new' }}
      editTo={(r) => ({ to: '/receivables/$id', params: { id: r.documentId } })}
      onDelete={(r) => remove.mutateAsync(r)}
      filterOptions={{
        payment_method: (methods.data ?? []).map((m) => ({ value: String(m.id), label: m.name })),
        status: RECEIVABLE_STATUS_OPTIONS,
      }}
    />
  );
}
