import { factories } from '@strapi/strapi';
import { text } from '../../../utils/rules';

/** Vehicle type rules (spec 001 §5): name 2–150, description ≤ 500, messages as the spec writes them. */
function check(data: any, creating: boolean) {
  text(data, 'name', { min: 2, max: 150, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome não pode exceder 150 caracteres' });
  text(data, 'description', { max: 500, maxMessage: 'Descrição não pode exceder 500 caracteres' });
}

export default factories.createCoreService('api::vehicle-type.vehicle-type', () => ({
  async create(params: any = {}) {
    check((params.data ??= {}), true);
    return super.create(params);
  },
  async update(documentId: string, params: any = {}) {
    check((params.data ??= {}), false);
    return super.update(documentId, params);
  },
}));
