import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { listPage } from 'styled-system/recipes';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { Icon } from '@/components/ui/icons';
import { formatDocument } from '@/lib/document';
import { formatDate } from '@/lib/format';
import type { ListSearch } from '@/lib/list-search';
import { formatBRL } from '@/lib/money';
import { salesOrderResource } from './resource';
import { deleteSalesOrder, salesOrderKeys, salesOrderQueries } from './api';
import { orderDispatcherName, toSalesOrderSearch, type SalesOrder } from './schema';
import { refUserName, userRefLabel } from '@/shared/users';
import { ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS, orderStatusBadge } from '@/shared/order-status';
import { StatusBadge } from '@/components/ui/status-badge';

/** The names of the order's dispatcher company, in orderDispatcherName's order. */
const DISPATCHER_COMPANY_NAMES =
  'vehicle_documentation_company_id.trade_name, vehicle_documentation_company_id.name, vehicle_documentation_company_id.legal_name';

const columns: ListColumn<SalesOrder>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'billing_date', header: 'Data', accessorFn: (o) => formatDate(o.billing_date), meta: { export: { value: 'billing_date', format: 'date' } } },
  {
    id: 'dispatcher',
    header: 'Despachante',
    enableSorting: false,
    // the dispatcher's user, else its company (orderDispatcherName)
    meta: { priority: 4, wrap: true, export: { value: `user_dispatcher_id, ${DISPATCHER_COMPANY_NAMES}`, format: 'person' } },
    accessorFn: (o) => orderDispatcherName(o),
  },
  {
    id: 'company',
    header: 'Concessionária',
    enableSorting: false,
    meta: { priority: 3, wrap: true, export: { value: 'user_company_id', format: 'person' } },
    accessorFn: (o) => refUserName(o.user_company_id),
  },
  {
    id: 'customer',
    header: 'CPF/CNPJ do Cliente',
    enableSorting: false,
    meta: { priority: 2, export: { value: 'customer_id.cpf_cnpj', format: 'document' } },
    accessorFn: (o) => (o.customer_id && 'cpf_cnpj' in o.customer_id ? formatDocument(o.customer_id.cpf_cnpj) : ''),
  },
  {
    id: 'seller',
    header: 'Vendedor',
    enableSorting: false,
    meta: { priority: 5, wrap: true, export: { value: 'user_id', format: 'person' } },
    accessorFn: (o) => userRefLabel(o.user_id),
  },
  {
    id: 'original_amount',
    header: 'Valor Nominal',
    accessorFn: (o) => formatBRL(o.original_amount),
    meta: { export: { value: 'original_amount', format: 'money' } },
  },
  {
    id: 'current_amount',
    header: 'Valor Final',
    accessorFn: (o) => formatBRL(o.current_amount),
    meta: { export: { value: 'current_amount', format: 'money' } },
  },
  {
    id: 'status_in',
    header: 'Status',
    accessorFn: (o) => orderStatusBadge(o.status_in).label,
    // an unknown status reads 'Pendente', as the badge
    meta: { export: { value: 'status_in', format: 'label', labels: ORDER_STATUS_LABELS, fallback: orderStatusBadge(undefined).label } },
    cell: ({ row }) => <StatusBadge {...orderStatusBadge(row.original.status_in)} />,
  },
];

/**
 * /sales-orders 'Pedidos' (spec 001 §2, §7, §8): the server-side list with its filters, free
 * text (debounced), sort and paging from the URL; row actions edit, documents, details and
 * delete. A failed load shows the empty list and 'Erro ao carregar os pedidos: {message}'.
 */
export function SalesOrderList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, serverSearch: true, query: salesOrderQueries.list(toSalesOrderSearch(search)) });
  const iconLink = listPage().iconLink;

  const remove = useMutation({
    mutationFn: (o: SalesOrder) => deleteSalesOrder(o.documentId),
    meta: {
      successTitle: 'Pedido excluído',
      successMessage: 'Pedido foi excluído com sucesso.',
      errorMessage: 'Não foi possível excluir o pedido.',
      useServerMessage: false,
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: salesOrderKeys.all() }),
  });

  return (
    <ListPage<SalesOrder>
      resource={salesOrderResource}
      list={list}
      columns={columns}
      getRowId={(o) => o.documentId}
      newTo={{ to: '/sales-order/new' }}
      editTo={(o) => ({ to: '/sales-order/$id', params: { id: o.documentId } })}
      onDelete={(o) => remove.mutateAsync(o)}
      rowActions={(o) => (
        <>
          <Link
            to="/sales-order/$id/documentos"
            params={{ id: o.documentId }}
            className={iconLink}
            aria-label={`Documentos do pedido ${o.id}`}
            title="Documentos"
          >
            <Icon name="documents" size={16} />
          </Link>
          <Link to="/sales-order/$id/details" params={{ id: o.documentId }} className={iconLink} aria-label={`Detalhes do pedido ${o.id}`} title="Detalhes">
            <Icon name="eye" size={16} />
          </Link>
        </>
      )}
      filterOptions={{ status: ORDER_STATUS_OPTIONS }}
    />
  );
}
