import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FlagBadge, ListPage, TRI_STATE_OPTIONS, useResourceList, type FilterField, type ListColumn } from '@/components/layout/list';
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

const filterFields: FilterField[] = [
  { name: 'id', label: 'ID', type: 'number' },
  { name: 'name', label: 'Nome', type: 'text' },
  { name: 'price', label: 'Preço', type: 'text' },
  { name: 'vehicle_documentation_company_amount', label: 'Valor Despachante', type: 'text' },
  { name: 'vehicle_sales_company_amount', label: 'Valor Concessionária', type: 'text' },
  { name: 'platform_amount', label: 'Valor Plataforma', type: 'text' },
  { name: 'is_state_tax', label: 'Imposto estadual', type: 'select', options: TRI_STATE_OPTIONS },
  { name: 'is_ipva', label: 'IPVA', type: 'select', options: TRI_STATE_OPTIONS },
  { name: 'is_discount_allowed', label: 'Permite desconto', type: 'select', options: TRI_STATE_OPTIONS },
  { name: 'is_vehicle_financed', label: 'Veículo financiado', type: 'select', options: TRI_STATE_OPTIONS },
  { name: 'is_special_plate', label: 'Placa especial', type: 'select', options: TRI_STATE_OPTIONS },
  {
    name: 'billing_type',
    label: 'Tipo de cobrança',
    type: 'select',
    options: [
      { value: '', label: 'Todos' },
      { value: 'fixed_value', label: BILLING_TYPE_LABELS.fixed_value },
      { value: 'percentage', label: BILLING_TYPE_LABELS.percentage },
    ],
  },
];

const sortOptions = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Nome' },
  { value: 'price', label: 'Preço' },
  { value: 'billing_type', label: 'Tipo de cobrança' },
  { value: 'createdAt', label: 'Criado em' },
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
      filterFields={filterFields}
      sortOptions={sortOptions}
      mobileColumns={['id', 'name', 'state_id', 'price']}
    />
  );
}
