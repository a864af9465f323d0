import { defineResource } from '@/lib/resources';

/** Default page size of /receivables (spec 001 §9). */
export const RECEIVABLES_PAGE_SIZE = 25;

/**
 * Receivables (spec 001 §2, §5, §7): every list request populates the payment method, the order,
 * the dispatcher and the company; 25 per page by default. The spec's Contas a Pagar opens the same
 * screen with the same permission. The status and payment-method options of the filter panel come
 * from the screen (status table, payment-method lookup).
 */
export const receivableResource = defineResource({
  api: 'receivable',
  controller: 'receivable',
  label: 'Contas a Receber',
  icon: 'receivable',
  path: '/receivables',
  routes: { '/receivables': 'find', '/receivables/$id': 'findOne', '/receivables/new': 'create' },
  menu: [
    { group: 'FINANCEIRO', order: 10 },
    { group: 'FINANCEIRO', order: 20, key: 'payables', label: 'Contas a Pagar', icon: 'payable' },
  ],
  list: {
    route: '/receivables',
    populate: ['payment_method_id', 'sales_order', 'user_dispatcher_id', 'user_company_id'],
    pageSize: RECEIVABLES_PAGE_SIZE,
    // spec 000 §9's options, plus spec 001 §9's default 25 so the select can show it (docs/decisions.md)
    pageSizes: [5, 10, 20, RECEIVABLES_PAGE_SIZE, 50],
    sort: {
      id: 'ID',
      document_number: 'Número do Documento',
      amount_original: 'Valor',
      payment_date: 'Data de Pagamento',
      status_in: 'Status',
      createdAt: 'Criado em',
    },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'document_number', label: 'Número do Documento' },
      { name: 'amount', label: 'Valor', placeholder: '0,00' },
      { name: 'pedido_id', label: 'ID do Pedido', type: 'number' },
      { name: 'order_document_id', label: 'Doc ID do Pedido' },
      { name: 'dispatcher', label: 'Despachante', placeholder: 'Nome, e-mail ou usuário' },
      { name: 'company', label: 'Concessionária', placeholder: 'Nome, e-mail ou usuário' },
      { name: 'payment_method', label: 'Meio de Pagamento', type: 'select', options: [{ value: '', label: 'Todos' }] },
      { name: 'status', label: 'Status', type: 'select', options: [{ value: '', label: 'Todos' }] },
      { name: 'payment_date', label: 'Data de Pagamento', type: 'date' },
      { name: 'card_brand', label: 'Bandeira do Cartão' },
      { name: 'installments', label: 'Parcelas', type: 'number' },
    ],
  },
});
