/**
 * The search boxes' queries as the PWA builds them (src/features/receivables/strapi-query.ts
 * receivableFreeText, src/features/sales-orders/strapi-query.ts salesOrderFreeText), for the search tests.
 */
export type Row = Record<string, any>;
export const RECEIVABLE_POPULATE = ['payment_method_id', 'sales_order', 'user_dispatcher_id', 'user_company_id'];
export const containsi = (path: string, value: string): Row => path.split('.').reduceRight<any>((acc, key) => ({ [key]: acc }), { $containsi: value });

/** The receivables box's `$or` (src/features/receivables/strapi-query.ts receivableFreeText), text and numeric branches. */
export function receivableOr(text: string): Row[] {
  const or = [
    containsi('document_number', text),
    containsi('documentId', text),
    containsi('payment_method_id.name', text),
    containsi('user_company_id.name', text),
    containsi('user_company_id.username', text),
    containsi('user_dispatcher_id.name', text),
    containsi('user_dispatcher_id.username', text),
    containsi('card_brand', text),
    containsi('cpf_cnpj_cliente', text.replace(/[.\-/\s]/g, '') || text),
    containsi('sales_order.documentId', text),
    containsi('card_last4', text),
  ];
  if (/^\d+$/.test(text)) or.push({ id: { $eq: Number(text) } }, { pedido_id: { $eq: Number(text) } }, { installments: { $eq: Number(text) } });
  const reais = asReais(text);
  if (reais !== undefined) or.push({ amount_original: { $eq: reais } }, { amount_final: { $eq: reais } });
  for (const [status, label] of Object.entries(RECEIVABLE_LABELS)) if (label.includes(text.toLowerCase())) or.push({ status_in: { $eq: status } });
  return or;
}

/** The receivable statuses' labels, lower case (src/features/receivables/status.ts), matched by the box's exact status branch. */
export const RECEIVABLE_LABELS: Record<string, string> = { paid: 'pago', pending: 'pendente', reversed: 'estornado' };

/** '150', '150,5' or '150,00' as reais (the box's textAsReais for these shapes); else undefined. */
export const asReais = (text: string) => (/^\d+(,\d{1,2})?$/.test(text) ? Number(text.replace(',', '.')) : undefined);

/** The orders box's `$or` (src/features/sales-orders/strapi-query.ts salesOrderFreeText), text and numeric branches. */
export function orderOr(text: string): Row[] {
  const or = [
    containsi('documentId', text),
    containsi('status_in', text),
    containsi('customer_id.cpf_cnpj', text.replace(/[.\-/\s]/g, '') || text),
    containsi('customer_id.name', text),
    containsi('user_id.username', text),
    containsi('user_id.name', text),
    containsi('user_company_id.name', text),
    containsi('user_company_id.username', text),
    containsi('user_dispatcher_id.name', text),
    containsi('user_dispatcher_id.username', text),
  ];
  if (/^\d+$/.test(text)) or.push({ id: { $eq: Number(text) } });
  const reais = asReais(text);
  if (reais !== undefined) for (const field of ['vehicle_price', 'original_amount', 'current_amount']) or.push({ [field]: { $eq: reais } });
  return or;
}
