import type { Core } from '@strapi/strapi';
import { relationRef } from './relations';
import { fail } from './rules';
import type { Json } from './types';

const round = (n: number) => Math.round(n * 100) / 100;

/** A sales item row (amounts in reais; `billing_type` percentage: the amounts are percent of the vehicle price). */
interface SalesItemRow {
  id: number;
  documentId: string;
  name: string;
  billing_type: 'fixed_value' | 'percentage';
  price: number | string;
  vehicle_documentation_company_amount: number | string;
  vehicle_sales_company_amount: number | string;
  platform_amount: number | string;
}

/**
 * The sales items that apply to a sale (getCompanySalesItemsSimulation): `query` has
 * vehicle_type_id and state_id (required), vehicle_price (reais, default 0), is_vehicle_financed
 * and is_special_plate ('true' includes the items flagged so). Each line has the three amounts
 * (reais; percentage items applied to vehicle_price) and `totals` sums them.
 */
export async function salesItemsSimulation(strapi: Core.Strapi, query: Json) {
  const vt = relationRef(query.vehicle_type_id);
  const st = relationRef(query.state_id);
  if (!vt) fail('vehicle_type_id', 'Tipo de veículo é obrigatório');
  if (!st) fail('state_id', 'Estado é obrigatório');
  const price = query.vehicle_price === undefined ? 0 : Number(query.vehicle_price);
  if (!Number.isFinite(price) || price < 0) fail('vehicle_price', 'Preço do veículo não pode ser negativo');
  const where: Record<string, unknown> = {
    vehicle_type_id: 'id' in vt ? { id: vt.id } : { documentId: vt.documentId },
    state_id: 'id' in st ? { id: st.id } : { documentId: st.documentId },
  };
  if (query.is_vehicle_financed !== 'true') where.is_vehicle_financed = false;
  if (query.is_special_plate !== 'true') where.is_special_plate = false;
  const items: SalesItemRow[] = await strapi.db.query('api::sales-item.sales-item').findMany({ where, orderBy: { name: 'asc' }, limit: 100 });
  const AMOUNTS = ['price', 'vehicle_documentation_company_amount', 'vehicle_sales_company_amount', 'platform_amount'] as const;
  const lines = items.map((i) => {
    const f = i.billing_type === 'percentage' ? price / 100 : 1;
    return {
      sales_item: { id: i.id, documentId: i.documentId, name: i.name, billing_type: i.billing_type, price: Number(i.price) },
      ...(Object.fromEntries(AMOUNTS.map((k) => [k, round(Number(i[k]) * f)])) as Record<(typeof AMOUNTS)[number], number>),
    };
  });
  const totals = Object.fromEntries(AMOUNTS.map((k) => [k, round(lines.reduce((a: number, l) => a + l[k], 0))]));
  return { items: lines, totals };
}
