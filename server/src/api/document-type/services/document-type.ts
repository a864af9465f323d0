import { factories, type Core } from '@strapi/strapi';
import { checkedService } from '../../../utils/checked-service';
import { partyUser, text } from '../../../utils/rules';
import type { Json } from '../../../utils/types';

const UID = 'api::document-type.document-type';

/**
 * Document type rules (spec 000 §5 "Document type form"): name required and trimmed
 * ('Nome é obrigatório'); `user_dispatcher_id` / `user_company_id`, when given, are users of type
 * dispatcher / company ('Despachante selecionado é inválido…' / 'Concessionária selecionada é
 * inválida…', 400). Runs on every create and update through the service (checkedService).
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  text(data, 'name', { min: 1, max: 255, required: true, creating: documentId === null, minMessage: 'Nome é obrigatório' });
  await partyUser(strapi, data, 'user_dispatcher_id', 'dispatcher', 'Despachante selecionado é inválido. Selecione uma opção válida.');
  await partyUser(strapi, data, 'user_company_id', 'company', 'Concessionária selecionada é inválida. Selecione uma opção válida.');
}

export default factories.createCoreService(UID, checkedService(check));
