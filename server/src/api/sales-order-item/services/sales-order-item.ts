import { factories, type Core } from '@strapi/strapi';
import { loadRef, relationRef } from '../../../utils/relations';
import { fail, has, nonNegative, num, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

const UID = 'api::sales-order-item.sales-order-item';

/**
 * Order line rules: sales_order required; name/price/amounts default to the sales item's
 * (snapshot at sale time); amounts ≥ 0 (reais); quantity integer 1–1000.
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  if (creating || has(data, 'sales_order')) {
    const order = await loadRef(strapi, 'api::sales-order.sales-order', relationRef(data.sales_order));
    if (!order) fail('sales_order', 'Pedido não encontrado.');
    data.sales_order = order.id;
  }
  if (has(data, 'sales_item')) {
    const item = await loadRef(strapi, 'api::sales-item.sales-item', relationRef(data.sales_item));
    if (!item) fail('sales_item', 'Item para venda não encontrado');
    data.sales_item = item.id;
    if (creating) {
      for (const k of ['name', 'price', 'vehicle_documentation_company_amount', 'vehicle_sales_company_amount', 'platform_amount']) {
        if (data[k] == null) data[k] = item[k];
      }
    }
  }
  text(data, 'name', { min: 1, max: 100, required: true, creating, minMessage: 'Nome é obrigatório' });
  nonNegative(data, {
    price: 'Preço não pode ser negativo',
    vehicle_documentation_company_amount: 'Valor do despachante não pode ser negativo',
    vehicle_sales_company_amount: 'Valor da concessionária não pode ser negativo',
    platform_amount: 'Valor da plataforma não pode ser negativo',
  });
  const q = num(data, 'quantity', 'Quantidade inválida');
  if (q !== undefined && (!Number.isInteger(q) || q < 1 || q > 1000)) fail('quantity', 'Quantidade inválida');
}

export default factories.createCoreService(UID, checkedService(check));
