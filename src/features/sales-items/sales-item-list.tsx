import { flagColumn, RegisterList, type ListColumn } from '@/components/layout/list';
import type { ListSearch } from '@/lib/list-search';
import { salesItemData } from './api';
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
    meta: { wrap: true, priority: 3, export: { value: 'vehicle_type_id.name' } },
  },
  {
    id: 'state_id',
    header: 'Estado',
    enableSorting: false,
    accessorFn: (s) => (s.state_id && 'abbreviation' in s.state_id ? (s.state_id.abbreviation ?? s.state_id.name ?? '') : ''),
    meta: { priority: 2, export: { value: 'state_id.abbreviation, state_id.name' } },
  },
  {
    id: 'billing_type',
    header: 'Cobrança',
    accessorFn: (s) => BILLING_TYPE_LABELS[s.billing_type ?? 'fixed_value'],
    meta: { priority: 3, export: { value: 'billing_type', format: 'label', labels: BILLING_TYPE_LABELS, fallback: BILLING_TYPE_LABELS.fixed_value } },
  },
  {
    id: 'price',
    header: 'Preço',
    accessorFn: (s) => formatItemValue(s.price, s.billing_type),
    // BRL, or a percentage for a percentage item (formatItemValue)
    meta: { export: { value: 'price', format: 'money', when: { value: 'billing_type', equals: 'percentage', format: 'percent' } } },
  },
  flagColumn('is_state_tax', 'Imposto estadual', { priority: 4 }),
  flagColumn('is_ipva', 'IPVA', { priority: 4 }),
];

/**
 * /sales-items 'Itens para Venda' (spec 001 §2 "Sales items", §7, §8): the register list with the
 * declared filters and sort; fixed-value prices in BRL, percentage prices as the number followed by %.
 */
export function SalesItemList(props: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  return (
    <RegisterList
      {...props}
      data={salesItemData}
      columns={columns}
      deleted="Item para venda excluído com sucesso"
      deleteFailed="Não foi possível excluir o item para venda."
      // the spec gives no columns; the price says more than the vehicle type (docs/decisions.md "Phone cards show the spec's first four columns")
      mobileColumns={['id', 'name', 'state_id', 'price']}
    />
  );
}
