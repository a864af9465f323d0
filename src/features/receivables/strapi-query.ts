import { containsi, dayBoundaryIso, foldText, textAsReais, userNameFilter, type StrapiFilter } from '@/lib/api/filters';
import { RECEIVABLE_STATUSES, RECEIVABLE_STATUS_LABELS } from './status';
import { RECEIVABLES_PAGE_SIZE, receivableResource } from './resource';
import type { ReceivableSearch } from './schema';

/** Relations every receivable query populates (spec 001 §7): method, order, dispatcher, company (its declaration's). */
export const RECEIVABLE_POPULATE = receivableResource.list.populate;

/**
 * The free-text $or of the receivables list (spec 001 §7): document number, documentId,
 * payment method name, company and dispatcher names, card brand, customer CPF/CNPJ,
 * the sales order (documentId; pedido_id when numeric), numeric amounts, installments and
 * the last four card digits.
 */
export function receivableFreeText(q: string): StrapiFilter[] {
  const text = q.trim();
  if (!text) return [];
  const or: StrapiFilter[] = [
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
  const folded = foldText(text);
  for (const s of RECEIVABLE_STATUSES) if (foldText(RECEIVABLE_STATUS_LABELS[s]).includes(folded)) or.push({ status_in: { $eq: s } });
  if (/^\d+$/.test(text) && Number(text) <= 2_147_483_647) {
    const n = Number(text);
    or.push({ id: { $eq: n } }, { pedido_id: { $eq: n } }, { installments: { $eq: n } });
  }
  const reais = textAsReais(text);
  if (reais !== undefined) or.push({ amount_original: { $eq: reais } }, { amount_final: { $eq: reais } });
  return or;
}

/**
 * `GET /receivables` query for the list (spec 001 §2, §7): populate of the four relations,
 * the filters ANDed, pagination (default 25) and `sort[0]=field:asc|desc`.
 * Valor matches amount_original exactly (reais); Data de Pagamento is the whole local day.
 */
export function receivableListQuery(search: ReceivableSearch): Record<string, unknown> {
  const and: StrapiFilter[] = [];
  if (search.id) and.push({ id: { $eq: search.id } });
  if (search.document_number) and.push(containsi('document_number', search.document_number));
  if (search.amount) {
    const reais = textAsReais(search.amount);
    if (reais !== undefined) and.push({ amount_original: { $eq: reais } });
  }
  if (search.pedido_id) and.push({ pedido_id: { $eq: search.pedido_id } });
  if (search.order_document_id) and.push(containsi('sales_order.documentId', search.order_document_id));
  if (search.dispatcher) and.push(userNameFilter('user_dispatcher_id', search.dispatcher));
  if (search.company) and.push(userNameFilter('user_company_id', search.company));
  if (search.payment_method) and.push({ payment_method_id: { id: { $eq: search.payment_method } } });
  if (search.status) and.push({ status_in: { $eq: search.status } });
  if (search.payment_date) {
    and.push({ payment_date: { $gte: dayBoundaryIso(search.payment_date, 'start'), $lte: dayBoundaryIso(search.payment_date, 'end') } });
  }
  if (search.card_brand) and.push(containsi('card_brand', search.card_brand));
  if (search.installments !== undefined) and.push({ installments: { $eq: search.installments } });
  const or = receivableFreeText(search.q ?? '');
  if (or.length) and.push({ $or: or });

  const query: Record<string, unknown> = {
    populate: [...RECEIVABLE_POPULATE],
    pagination: { page: search.page ?? 1, pageSize: search.pageSize ?? RECEIVABLES_PAGE_SIZE },
  };
  if (search.sort) query.sort = [`${search.sort}:${search.dir ?? 'asc'}`];
  if (and.length) query.filters = { $and: and };
  return query;
}
