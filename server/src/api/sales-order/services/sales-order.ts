import { factories, type Core } from '@strapi/strapi';
import { checkedService } from '../../../utils/checked-service';
import { loadRef, relationRef } from '../../../utils/relations';
import { conflict, dateInput, fail, has, nonNegative, num, partyUser, text } from '../../../utils/rules';
import type { DocumentInput, Json } from '../../../utils/types';

/** The params of the core service's delete (passed on as they come). */
type DeleteParams = Record<string, unknown>;

/** A sales item as an order line snapshots it (amounts in reais, or percent of the vehicle price). */
type SalesItemRow = {
  id: number;
  name: string;
  billing_type: 'fixed_value' | 'percentage';
  vehicle_documentation_company_amount: number | string;
  vehicle_sales_company_amount: number | string;
  platform_amount: number | string;
};

const UID = 'api::sales-order.sales-order';
const AGREEMENT = 'api::company-agreement.company-agreement';
const RECEIVABLE = 'api::receivable.receivable';
export const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'];

/**
 * Sales order rules (spec 001 §4–5): status_in one of five, an unknown value stored as pending;
 * billing_date required ('Data de faturamento é obrigatória'); vehicle_price, original_amount,
 * current_amount ≥ 0 (reais); sales_type ≤ 50; user_company_id must be a dealership user and
 * user_dispatcher_id a dispatcher user; vehicle_documentation_company_id defaults to the
 * dispatcher's company record; and the agreement rule (checkAgreement). `documentId` is null on create.
 * Runs on every create and update through the service (checkedService). Throws 400 (ValidationError).
 */
export async function checkOrder(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  if (has(data, 'status_in') && (typeof data.status_in !== 'string' || !ORDER_STATUSES.includes(data.status_in))) data.status_in = 'pending';
  if (
    (creating && (data.billing_date == null || data.billing_date === '')) ||
    (has(data, 'billing_date') && (data.billing_date == null || data.billing_date === ''))
  ) {
    fail('billing_date', 'Data de faturamento é obrigatória');
  }
  dateInput(data, 'billing_date', 'Data de faturamento inválida');
  nonNegative(data, {
    vehicle_price: 'Preço do veículo não pode ser negativo',
    original_amount: 'Valor original não pode ser negativo',
    current_amount: 'Valor atual não pode ser negativo',
  });
  text(data, 'sales_type', { max: 50 });
  await partyUser(strapi, data, 'user_company_id', 'company', 'Concessionária selecionada é inválida. Selecione uma opção válida.');
  const dispatcher = await partyUser(strapi, data, 'user_dispatcher_id', 'dispatcher', 'Despachante selecionado é inválido. Selecione uma opção válida.');
  if (dispatcher && !has(data, 'vehicle_documentation_company_id')) {
    const company = await strapi.db.query('api::company.company').findOne({ where: { user_id: dispatcher }, select: ['id'] });
    if (company) data.vehicle_documentation_company_id = company.id;
  }
  await checkAgreement(strapi, data, documentId);
}

/**
 * An order links a dealership and a dispatcher only under a company-agreement between the two
 * (docs/decisions.md "An order links parties that have an agreement"): checked on the order as it will be
 * saved (the stored party when the request leaves it out), for every caller. Either party empty
 * passes. Throws 400 on `user_company_id`.
 */
async function checkAgreement(strapi: Core.Strapi, data: Json, documentId: string | null) {
  if (!has(data, 'user_company_id') && !has(data, 'user_dispatcher_id')) return;
  const stored = documentId
    ? await strapi.db.query(UID).findOne({ where: { documentId }, populate: { user_company_id: { select: ['id'] }, user_dispatcher_id: { select: ['id'] } } })
    : null;
  const company = has(data, 'user_company_id') ? data.user_company_id : (stored?.user_company_id?.id ?? null);
  const dispatcher = has(data, 'user_dispatcher_id') ? data.user_dispatcher_id : (stored?.user_dispatcher_id?.id ?? null);
  if (company == null || dispatcher == null) return;
  const agreement = await strapi.db.query(AGREEMENT).findOne({
    where: { user_company_id: { id: company }, user_dispatcher_id: { id: dispatcher } },
    select: ['id'],
  });
  if (!agreement) fail('user_company_id', 'Não há vínculo entre este despachante e esta concessionária: cadastre o vínculo antes de criar o pedido.');
}

/**
 * One order line from a sales item (snapshot of name, price and the three amounts at sale time;
 * a percentage item is applied to `vehiclePrice`, reais).
 * `line` is `{sales_item: id|documentId, quantity?}`; throws 400 when the item does not exist.
 */
async function lineFrom(strapi: Core.Strapi, line: Json, vehiclePrice: number) {
  const ref = relationRef(line?.sales_item ?? line?.sales_item_id ?? line?.id);
  const item = await loadRef<SalesItemRow>(strapi, 'api::sales-item.sales-item', ref);
  if (!item) fail('items', 'Item para venda não encontrado');
  const quantity = num(line, 'quantity', 'Quantidade inválida') ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) fail('items', 'Quantidade inválida');
  // a percentage item is a share of the vehicle price (spec 001 §2 "Sales items")
  const f = item.billing_type === 'percentage' ? vehiclePrice / 100 : 1;
  const r = (v: unknown) => Math.round(Number(v ?? 0) * f * 100) / 100;
  const amounts = {
    vehicle_documentation_company_amount: r(item.vehicle_documentation_company_amount),
    vehicle_sales_company_amount: r(item.vehicle_sales_company_amount),
    platform_amount: r(item.platform_amount),
  };
  const price = Math.round((amounts.vehicle_documentation_company_amount + amounts.vehicle_sales_company_amount + amounts.platform_amount) * 100) / 100;
  return { sales_item: item.id, name: item.name, price, ...amounts, quantity };
}

/**
 * Sales-order service: write rules through checkedService (checkOrder), the order's delete with its
 * lines and receivables, and createWithItems (POST /companies/me/orders).
 */
export default factories.createCoreService(
  UID,
  checkedService(checkOrder, ({ strapi }) => ({
    /**
     * Deletes the order with its lines (sales-order-items) and its pending and reversed receivables
     * in one transaction. An order with a paid receivable is refused: 409 with
     * `details.paid` (their documentIds) — reverse the payments first. Documents are kept.
     */
    async delete(this: Core.Service, documentId: string, params: DeleteParams = {}) {
      return strapi.db.transaction(async () => {
        const order = await strapi.db.query(UID).findOne({ where: { documentId }, select: ['id'] });
        if (order) {
          const paid: { documentId: string }[] = await strapi.db
            .query(RECEIVABLE)
            .findMany({ where: { sales_order: order.id, status_in: 'paid' }, select: ['documentId'] });
          if (paid.length) {
            conflict(`Este pedido tem ${paid.length} pagamento(s) pago(s); estorne-os antes de excluir o pedido.`, { paid: paid.map((r) => r.documentId) });
          }
          // one by one through the Document Service, so each leaves its history entry (utils/history)
          for (const child of [RECEIVABLE, 'api::sales-order-item.sales-order-item'] as const) {
            const rows: { documentId: string }[] = await strapi.db.query(child).findMany({ where: { sales_order: order.id }, select: ['documentId'] });
            for (const row of rows) await strapi.documents(child).delete({ documentId: row.documentId });
          }
        }
        return Object.getPrototypeOf(this).delete.call(this, documentId, params);
      });
    },

    /**
     * Creates an order and its lines in one transaction (createCompanyOrder). `lines` are
     * `{sales_item, quantity}`; original_amount and current_amount default to the sum of
     * line prices × quantity (reais). Returns the order with items populated.
     */
    async createWithItems(this: Core.Service, data: Json, lines: Json[]) {
      if (!Array.isArray(lines) || lines.length > 100) fail('items', 'Lista de itens inválida');
      return strapi.db.transaction(async () => {
        const rows = [];
        for (const line of lines) rows.push(await lineFrom(strapi, line, Number(data.vehicle_price ?? 0)));
        const total = Math.round(rows.reduce((acc, r) => acc + r.price * r.quantity, 0) * 100) / 100;
        if (data.original_amount == null) data.original_amount = total;
        if (data.current_amount == null) data.current_amount = total;
        const order = await this.create({ data });
        for (const row of rows) {
          const line = { ...row, sales_order: order.id } as DocumentInput<'api::sales-order-item.sales-order-item'>;
          await strapi.documents('api::sales-order-item.sales-order-item').create({ data: line });
        }
        return strapi
          .documents(UID)
          .findOne({ documentId: order.documentId, populate: ['items', 'customer_id', 'vehicle_type_id', 'user_company_id', 'user_dispatcher_id', 'user_id'] });
      });
    },
  })),
);
