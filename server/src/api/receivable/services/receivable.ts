import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { loadRef, parseId, relationRef } from '../../../utils/relations';
import { conflict, dateInput, fail, has, nonNegative, num, partyUser, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { DocumentInput, Json } from '../../../utils/types';

const UID = 'api::receivable.receivable';
const ORDER = 'api::sales-order.sales-order';
export const RECEIVABLE_STATUSES = ['paid', 'pending', 'reversed'];

/**
 * Receivable rules (spec 001 §4–5 "Receivable form", §7 "Receivables"):
 * - status_in paid|pending|reversed, any other value stored as pending;
 * - `sales_order` and `pedido_id` are kept in sync (either may be sent; both must agree), the
 *   order must exist ('Pedido não encontrado.'); the parties and the customer's CPF/CNPJ are
 *   copied from the order when the request leaves them out;
 * - amount_original ≥ 0.01 ('Valor deve ser maior que zero'), amount_final ≥ 0 (defaults to
 *   amount_original), tax ≥ 0; reais;
 * - payment_date required ('Data de pagamento é obrigatória'), now when the field is absent;
 * - card_brand ≤ 50, card_last4 ≤ 4, installments integer 0–99;
 * - custom_document_id unique: a repeat answers 409 with the existing documentId.
 */
/** What the rules read of the referenced order (parties and customer populated). */
type OrderParties = {
  id: number;
  user_company_id?: { id: number } | null;
  user_dispatcher_id?: { id: number } | null;
  customer_id?: { cpf_cnpj: string } | null;
};

async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  if (has(data, 'status_in') && (typeof data.status_in !== 'string' || !RECEIVABLE_STATUSES.includes(data.status_in))) data.status_in = 'pending';

  // pedido_id <-> sales_order
  let pedido: number | undefined;
  if (has(data, 'pedido_id') && data.pedido_id !== null && data.pedido_id !== '') {
    // an id, read as Strapi stores it (utils/relations.ts): "13.0" or " 13" is refused, never coerced
    pedido = parseId(data.pedido_id) ?? fail('pedido_id', 'Selecione um item válido');
  }
  const ref = relationRef(data.sales_order, 'sales_order');
  let order: OrderParties | null = null;
  if (ref) {
    order = await loadRef<OrderParties>(strapi, ORDER, ref, { customer_id: true, user_company_id: true, user_dispatcher_id: true });
    if (!order) fail('sales_order', 'Pedido não encontrado.');
    if (pedido !== undefined && pedido !== order.id) fail('pedido_id', 'pedido_id e sales_order apontam para pedidos diferentes');
  } else if (pedido !== undefined && ref === undefined) {
    order = await loadRef<OrderParties>(strapi, ORDER, { id: pedido }, { customer_id: true, user_company_id: true, user_dispatcher_id: true });
    if (!order) fail('pedido_id', 'Pedido não encontrado.');
  } else if (ref === null || data.pedido_id === null) {
    data.sales_order = null;
    data.pedido_id = null;
  }
  if (order) {
    data.sales_order = order.id;
    data.pedido_id = order.id;
    if (creating) {
      if (data.user_company_id == null && order.user_company_id) data.user_company_id = order.user_company_id.id;
      if (data.user_dispatcher_id == null && order.user_dispatcher_id) data.user_dispatcher_id = order.user_dispatcher_id.id;
      if ((data.cpf_cnpj_cliente == null || data.cpf_cnpj_cliente === '') && order.customer_id) data.cpf_cnpj_cliente = order.customer_id.cpf_cnpj;
    }
  }
  await partyUser(strapi, data, 'user_company_id', 'company', 'Selecione um item válido');
  await partyUser(strapi, data, 'user_dispatcher_id', 'dispatcher', 'Selecione um item válido');

  const amount = num(data, 'amount_original', 'Valor deve ser maior que zero');
  if ((creating && amount === undefined) || (has(data, 'amount_original') && (amount === undefined || amount < 0.01))) {
    fail('amount_original', 'Valor deve ser maior que zero');
  }
  nonNegative(data, { amount_original: 'Valor deve ser maior que zero', amount_final: 'Valor final não pode ser negativo', tax: 'Taxa não pode ser negativa' });
  if (creating && data.amount_final == null) data.amount_final = data.amount_original;

  if (creating && !has(data, 'payment_date')) data.payment_date = new Date().toISOString();
  if (has(data, 'payment_date') && (data.payment_date == null || data.payment_date === '')) fail('payment_date', 'Data de pagamento é obrigatória');
  dateInput(data, 'payment_date', 'Data de pagamento inválida');

  text(data, 'cpf_cnpj_cliente', { max: 18, maxMessage: 'CPF/CNPJ inválido' });
  text(data, 'document_number', { max: 100, maxMessage: 'Número do documento: no máximo 100 caracteres' });
  text(data, 'card_brand', { max: 50, maxMessage: 'Bandeira do cartão: no máximo 50 caracteres' });
  text(data, 'card_last4', { max: 4, maxMessage: 'Últimos 4 dígitos do cartão: no máximo 4 caracteres' });
  text(data, 'authorization_code', { max: 100 });
  const inst = num(data, 'installments', 'Número de parcelas inválido');
  if (inst !== undefined) {
    if (!Number.isInteger(inst) || inst < 0 || inst > 99) fail('installments', 'Número de parcelas inválido');
    data.installments = inst;
  }

  if (has(data, 'custom_document_id') && data.custom_document_id != null) text(data, 'custom_document_id', { max: 100 });
  await uniqueCustomId(strapi, data, documentId);
}

/**
 * custom_document_id is unique (the schema's unique index `receivables_custom_document_id_unique` backs it):
 * 409 'Pagamento já registrado com este custom_document_id' with the existing record's documentId and id.
 */
async function uniqueCustomId(strapi: Core.Strapi, data: Json, documentId: string | null) {
  if (typeof data.custom_document_id !== 'string') return;
  const other = await strapi.db.query(UID).findOne({ where: { custom_document_id: data.custom_document_id }, select: ['id', 'documentId'] });
  if (other && other.documentId !== documentId) {
    conflict('Pagamento já registrado com este custom_document_id', { documentId: other.documentId, id: other.id });
  }
}

/**
 * The receivable's current status, read with its row locked for this transaction on PostgreSQL
 * (`SELECT … FOR UPDATE`): a second confirm or undo of the same payment at the same moment, on this
 * instance or another, waits for the first to commit and reads the status it wrote. SQLite's writers
 * already take turns (utils/sqlite-writers.ts). null when there is no such receivable.
 */
async function lockedStatus(strapi: Core.Strapi, documentId: string): Promise<{ id: number; status_in: string } | null> {
  const query = strapi.db.queryBuilder(UID).select(['id', 'status_in']).where({ documentId });
  const rows = (await (strapi.db.dialect.client === 'postgres' ? query.forUpdate() : query).execute()) as { id: number; status_in: string }[];
  return rows[0] ?? null;
}

export default factories.createCoreService(
  UID,
  checkedService(
    check,
    ({ strapi }) => ({
      /**
       * confirm (pending → paid) and undo (paid → reversed), spec 001 §4. Any other starting
       * status answers 409 with a readable message; the receivable is returned after the change. The status is
       * read and written in one transaction with the row locked, so of two concurrent calls one changes it and
       * the other answers the 409 a sequential repeat answers.
       */
      async transition(documentId: string, to: 'paid' | 'reversed', params: Record<string, unknown> = {}) {
        const from = to === 'paid' ? 'pending' : 'paid';
        return strapi.db.transaction(async () => {
          const current = await lockedStatus(strapi, documentId);
          if (!current) throw new errors.NotFoundError('Não encontrado');
          if (current.status_in !== from) {
            const label: Record<string, string> = { paid: 'pago', pending: 'pendente', reversed: 'estornado' };
            conflict(
              to === 'paid'
                ? `Só um pagamento pendente pode ser confirmado (este está ${label[current.status_in] ?? current.status_in}).`
                : `Só um pagamento pago pode ser estornado (este está ${label[current.status_in] ?? current.status_in}).`,
              { status_in: current.status_in },
            );
          }
          const data = { status_in: to } as DocumentInput<typeof UID>;
          return strapi.documents(UID).update({ ...params, documentId, data });
        });
      },
    }),
    { recheck: uniqueCustomId },
  ),
);
