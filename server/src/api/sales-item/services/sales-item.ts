import { factories, type Core } from '@strapi/strapi';
import { relationRef } from '../../../utils/relations';
import { fail, has, nonNegative, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

const UID = 'api::sales-item.sales-item';
const AMOUNTS = ['vehicle_documentation_company_amount', 'vehicle_sales_company_amount', 'platform_amount'] as const;
export const SUM_MESSAGE = 'A soma dos valores (Despachante + Concessionária + Plataforma) deve ser igual ao preço';

/**
 * Sales item rules (spec 001 §5 "Sales item"): name 2–100, description ≤ 500, price and the
 * three amounts ≥ 0 (reais), billing_type fixed_value|percentage, vehicle type and state
 * required, and despachante + concessionária + plataforma = price within 0.01 (reported on
 * price). On update the rule is checked on the record as it will be saved (stored values
 * merged with the patch). A create or update that sends `price` without any of the three amounts (the
 * spec's retry without them) moves the whole price to the dispatcher amount, as the form does.
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  text(data, 'name', { min: 2, max: 100, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome deve ter no máximo 100 caracteres' });
  text(data, 'description', { max: 500, maxMessage: 'Descrição não pode exceder 500 caracteres' });
  nonNegative(data, {
    price: 'Preço não pode ser negativo',
    vehicle_documentation_company_amount: 'Valor do despachante não pode ser negativo',
    vehicle_sales_company_amount: 'Valor da concessionária não pode ser negativo',
    platform_amount: 'Valor da plataforma não pode ser negativo',
  });
  if (has(data, 'billing_type') && data.billing_type == null) delete data.billing_type;
  if (has(data, 'billing_type') && (typeof data.billing_type !== 'string' || !['fixed_value', 'percentage'].includes(data.billing_type)))
    fail('billing_type', 'Tipo de cobrança inválido');

  const existing = creating
    ? null
    : await strapi.db.query(UID).findOne({ where: { documentId }, populate: { vehicle_type_id: { select: ['id'] }, state_id: { select: ['id'] } } });
  const vt = relationRef(data.vehicle_type_id);
  if (vt === null || (vt === undefined && !existing?.vehicle_type_id)) fail('vehicle_type_id', 'Tipo de veículo é obrigatório');
  const st = relationRef(data.state_id);
  if (st === null || (st === undefined && !existing?.state_id)) fail('state_id', 'Estado é obrigatório');

  // nonNegative() above left `price` a number when present
  const price = (data.price as number | undefined) ?? Number(existing?.price ?? 0);
  if (has(data, 'price') && AMOUNTS.every((k) => !has(data, k))) {
    data.vehicle_documentation_company_amount = price;
    data.vehicle_sales_company_amount = 0;
    data.platform_amount = 0;
  }
  const sum = AMOUNTS.reduce((acc, k) => acc + Number(data[k] ?? (creating ? 0 : (existing?.[k] ?? 0))), 0);
  if (Math.abs(sum - price) > 0.01 + 1e-9) fail('price', SUM_MESSAGE);
  if (creating && data.price === undefined) data.price = price;
}

export default factories.createCoreService(UID, checkedService(check));
