import { defineResource } from '@/lib/resources';

/** The five on/off flags of a sales item (spec 001 §3). */
export const SALES_ITEM_FLAGS = ['is_state_tax', 'is_ipva', 'is_discount_allowed', 'is_vehicle_financed', 'is_special_plate'] as const;
/** The three amounts whose sum is the price (spec 001 §5). */
export const SALES_ITEM_AMOUNTS = ['vehicle_documentation_company_amount', 'vehicle_sales_company_amount', 'platform_amount'] as const;
export const BILLING_TYPES = ['fixed_value', 'percentage'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
/** Labels of billing_type (the spec names the values only). */
export const BILLING_TYPE_LABELS: Record<BillingType, string> = { fixed_value: 'Valor fixo', percentage: 'Percentual' };

/**
 * Sales items (spec 001 §2, §7 "Sales items"): `populate=*`; id, price, the three amounts, the
 * flags (tri-state: booleans) and billing_type `$eq`, name `$containsi`; a decimal typed with a
 * comma ('150,50') is sent with a dot.
 */
export const salesItemResource = defineResource({
  api: 'sales-item',
  controller: 'sales-item',
  label: 'Itens para Venda',
  icon: 'item',
  path: '/sales-items',
  routes: { '/sales-items': 'find', '/sales-item/$id': 'findOne', '/sales-item/new': 'create' },
  menu: { group: 'CADASTROS', order: 60 },
  list: {
    route: '/sales-items',
    populate: '*',
    sort: { id: 'ID', name: 'Nome', price: 'Preço', billing_type: 'Tipo de cobrança', createdAt: 'Criado em' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
      { name: 'price', label: 'Preço', op: '$eq', clean: 'decimal' },
      { name: 'vehicle_documentation_company_amount', label: 'Valor Despachante', op: '$eq', clean: 'decimal' },
      { name: 'vehicle_sales_company_amount', label: 'Valor Concessionária', op: '$eq', clean: 'decimal' },
      { name: 'platform_amount', label: 'Valor Plataforma', op: '$eq', clean: 'decimal' },
      { name: 'is_state_tax', label: 'Imposto estadual', type: 'tri-state' },
      { name: 'is_ipva', label: 'IPVA', type: 'tri-state' },
      { name: 'is_discount_allowed', label: 'Permite desconto', type: 'tri-state' },
      { name: 'is_vehicle_financed', label: 'Veículo financiado', type: 'tri-state' },
      { name: 'is_special_plate', label: 'Placa especial', type: 'tri-state' },
      {
        name: 'billing_type',
        label: 'Tipo de cobrança',
        type: 'select',
        options: [{ value: '', label: 'Todos' }, ...BILLING_TYPES.map((value) => ({ value, label: BILLING_TYPE_LABELS[value] }))],
      },
    ],
  },
});
