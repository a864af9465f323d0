import { defineResource } from '@/lib/resources';

/**
 * Sales orders (spec 001 §2, §3, §7): every list request populates everything; dates of the
 * filter panel are local days, applied as start/end of day. The status options of the filter panel
 * come from the screen (status table).
 */
export const salesOrderResource = defineResource({
  api: 'sales-order',
  controller: 'sales-order',
  label: 'Pedidos',
  icon: 'orders',
  path: '/sales-orders',
  routes: {
    '/sales-orders': 'find',
    '/sales-order/$id': 'findOne',
    '/sales-order/new': 'create',
    '/sales-order/$id/details': 'findOne',
    '/sales-order/$id/documentos': 'findOne',
  },
  menu: { group: 'PEDIDOS E SERVIÇOS', order: 10 },
  list: {
    route: '/sales-orders',
    populate: '*',
    sort: { id: 'ID', billing_date: 'Data', original_amount: 'Valor Nominal', current_amount: 'Valor Final', status_in: 'Situação' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'from', label: 'Data Inicial', type: 'date' },
      { name: 'to', label: 'Data Final', type: 'date' },
      { name: 'dispatcher', label: 'Despachante' },
      { name: 'company', label: 'Concessionária' },
      { name: 'customer', label: 'CPF/CNPJ do Cliente' },
      { name: 'seller', label: 'Vendedor' },
      { name: 'status', label: 'Situação', type: 'select', options: [{ value: '', label: 'Todos' }] },
    ],
  },
});
