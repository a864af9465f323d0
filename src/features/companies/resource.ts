import { defineResource } from '@/lib/resources';

/**
 * Dealerships: companies of type company (spec 001 §2, §7 "Companies (dealerships)"). The list
 * always asks for `type $eq company` — dispatchers are companies too and have their own screen
 * (docs/decisions.md) — with the state populated.
 */
export const companyResource = defineResource({
  api: 'company',
  controller: 'company',
  label: 'Concessionárias',
  icon: 'company',
  path: '/companies',
  routes: { '/companies': 'find', '/company/$id': 'findOne', '/company/new': 'create' },
  menu: { group: 'CADASTROS', order: 20 },
  list: {
    route: '/companies',
    populate: ['address_state_id'],
    where: { type: { $eq: 'company' } },
    sort: {
      id: 'ID',
      trade_name: 'Nome Fantasia',
      legal_name: 'Razão Social',
      cnpj: 'CNPJ',
      email: 'Email',
      address_city: 'Cidade',
      createdAt: 'Data de criação',
    },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'trade_name', label: 'Nome Fantasia' },
      { name: 'legal_name', label: 'Razão Social' },
      { name: 'cnpj', label: 'CNPJ' },
      { name: 'email', label: 'Email' },
      { name: 'phone_number', label: 'Telefone' },
      { name: 'address_city', label: 'Cidade' },
      // spec 001 §2: the active switch; its label says what Filtrar keeps (Limpar shows them all)
      { name: 'is_active', label: 'Apenas empresas ativas', offLabel: 'Apenas empresas inativas', type: 'switch', defaultOn: true },
    ],
  },
});
