import { defineResource } from '@/lib/resources';

/** Payment methods (spec 001 §2, §7 "Payment methods"): a register and a cached lookup (the payment selects). */
export const paymentMethodResource = defineResource({
  api: 'payment-method',
  controller: 'payment-method',
  label: 'Meios de Pagamento',
  icon: 'payment',
  path: '/payment-methods',
  routes: { '/payment-methods': 'find', '/payment-method/$id': 'findOne', '/payment-method/new': 'create' },
  menu: { group: 'CADASTROS', order: 40 },
  lookup: {},
  list: {
    route: '/payment-methods',
    sort: { id: 'ID', name: 'Nome', max_installments: 'Parcelas máx.', interest_tax: 'Taxa de juros', createdAt: 'Criado em' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
      { name: 'is_online_payment', label: 'Online', type: 'tri-state' },
      { name: 'is_active', label: 'Ativo', type: 'tri-state' },
    ],
  },
});
