import { defineResource } from '@/lib/resources';

/**
 * Customers (spec 001 §2, §7 "Customers"). CPF/CNPJ and phone are stored bare, so their filter
 * text loses its punctuation ('123.456' finds '12345678909'; '(11) 9' finds '119...').
 */
export const customerResource = defineResource({
  api: 'customer',
  controller: 'customer',
  label: 'Clientes',
  icon: 'customer',
  path: '/customers',
  routes: { '/customers': 'find', '/customer/$id': 'findOne', '/customer/new': 'create' },
  menu: { group: 'CADASTROS', order: 30 },
  list: {
    route: '/customers',
    sort: { id: 'ID', name: 'Nome', cpf_cnpj: 'CPF/CNPJ', email: 'Email', createdAt: 'Criado em' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
      { name: 'cpf_cnpj', label: 'CPF/CNPJ', clean: 'document' },
      { name: 'email', label: 'Email' },
      { name: 'phone_number', label: 'Telefone', clean: 'digits' },
    ],
  },
});
