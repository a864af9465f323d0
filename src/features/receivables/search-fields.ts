/**
 * The receivables list's URL fields (spec 001 §2 Receivables, §9: default page size 25), kept
 * free of zod for the same reason as sales-orders/search-fields.ts (the route tree is in the
 * first load of every page).
 */
/** Default page size of /receivables (spec 001 §9). */
export const RECEIVABLES_PAGE_SIZE = 25;
/** Page sizes of /receivables; the default is 25 (spec 001 §9). */
export const RECEIVABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Filter keys of /receivables (URL `filters[...]`). */
export const RECEIVABLE_FILTER_KEYS = [
  'id',
  'document_number',
  'amount',
  'pedido_id',
  'order_document_id',
  'dispatcher',
  'company',
  'payment_method',
  'status',
  'payment_date',
  'card_brand',
  'installments',
] as const;
/** Sort fields (spec 001 §2): ID, Número do Documento, Valor, Data de Pagamento, Status, Criado em. */
export const RECEIVABLE_SORT_FIELDS = ['id', 'document_number', 'amount_original', 'payment_date', 'status_in', 'createdAt'] as const;
