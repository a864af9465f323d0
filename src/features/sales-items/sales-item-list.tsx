import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlagBadge, ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import type { ListSearch } from '@/lib/list-search';
import { deleteSalesItem, salesItemKeys, salesItemListInput, salesItemQueries } from './api';
import { salesItemResource } from './resource';
import { BILLING_TYPE_LABELS, formatItemValue, type SalesItem } from './schema';

const relationName = (rel: { id: number; name?: string | null } | null) => (rel && 'name' in rel ? (rel.name ?? '') : '');

const columns: ListColumn<SalesItem>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  {
    id: 'vehicle_type_id',
    header: 'Tipo de veículo',
    enableSorting: false,
    accessorFn: (s) => relationName(s.vehicle_type_id),
    meta: { wrap: true, priority: 3 },
  },
  {
    id: 'state_id',
    header: 'Estado',
    enableSorting: false,
    accessorFn: (s) => (s.state_id && 'abbreviation' in s.state_id ? (s.state_id.abbreviation ?? s.state_id.name ?? '') : ''),
    meta: { priority: 2 },
  },
  { id: 'billing_type', header: 'Cobrança', accessorFn: (s) => BILLING_TYPE_LABELS[s.billing_type ?? 'fixed_value'], meta: { priority: 3 } },
  { id: 'price', header: 'Preço', accessorFn: (s) => formatItemValue(s.price, s.billing_type) },
  {
    id: 'is_state_tax',
    header: 'Imposto estadual',
    enableSorting: false,
    accessorFn: (s) => Boolean(s.is_state_tax),
    cell: ({ row }) => <FlagBadge value={row.original.is_state_tax} />,
    meta: { priority: 4 },
  },
  {
    id: 'is_ipva',
    header: 'IPVA',
    enableSorting: false,
    accessorFn: (s) => Boolean(s.is_ipva),
    cell: ({ row }) => <FlagBadge value={row.original.is_ipva} />,
    meta: { priority: 4 },
  },
];

/**
 * /sales-items 'Itens para Venda' (spec 001 §2 "Sales items", §7, §8): server list (`populate=*`)
 * with the filters id, name, price, the three amounts, the five flags (Todos/Sim/Não) and
 * billing_type; sort by id, name, price, billing_type or createdAt; fixed-value prices in BRL,
 * percentage prices as the number followed by %. A failed delete toasts 'Não foi possível excluir
 * o item para venda.'.
 */
export function SalesItemList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useResourceList({ search, onSearchChange, query: salesItemQueries.list(salesItemListInput(search)) });
  const remove = useMutation({
    mutationFn: (s: SalesItem) => deleteSalesItem(s.documentId),
    meta: {
      successMessage: 'Item para venda excluído com sucesso',
      errorMessage: 'Não foi possível excluir o item para venda.',
      useServerMessage: false,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesItemKeys.all() }),
  });
  return (
    <ListPage<SalesItem>
      resource={salesItemResource}
      list={list}
      columns={columns}
      getRowId={(s) => s.documentId}
      newTo={{ to: '/sales-item/new' }}
      editTo={(s) => ({ to: '/sales-item/$id', params: { id: s.documentId } })}
      onDelete={(s) => remove.mutateAsync(s)}
      mobileColumns={['id', 'name', 'state_id', 'price']}
    />
  );
}
