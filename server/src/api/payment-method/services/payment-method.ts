import { factories, type Core } from '@strapi/strapi';
import { fail, nonNegative, num, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

/**
 * Payment method rules (spec 001 §5): name 2–100; max_installments integer ≥ 0
 * ('Número de parcelas não pode ser negativo'); interest_tax (percent) ≥ 0
 * ('Taxa de juros não pode ser negativa').
 */
async function check(_strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  text(data, 'name', { min: 2, max: 100, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome deve ter no máximo 100 caracteres' });
  const n = num(data, 'max_installments', 'Número de parcelas não pode ser negativo');
  if (n !== undefined) {
    if (n < 0) fail('max_installments', 'Número de parcelas não pode ser negativo');
    if (!Number.isInteger(n) || n > 99) fail('max_installments', 'Número de parcelas inválido');
    data.max_installments = n;
  }
  nonNegative(data, { interest_tax: 'Taxa de juros não pode ser negativa' }, 1000);
}

export default factories.createCoreService('api::payment-method.payment-method', checkedService(check));
