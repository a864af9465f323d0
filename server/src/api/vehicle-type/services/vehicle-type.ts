import { factories, type Core } from '@strapi/strapi';
import { text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

/** Vehicle type rules (spec 001 §5): name 2–150, description ≤ 500, messages as the spec writes them. */
async function check(_strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  text(data, 'name', { min: 2, max: 150, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome não pode exceder 150 caracteres' });
  text(data, 'description', { max: 500, maxMessage: 'Descrição não pode exceder 500 caracteres' });
}

export default factories.createCoreService('api::vehicle-type.vehicle-type', checkedService(check));
