import { factories, type Core } from '@strapi/strapi';
import { loadRef, relationRef } from '../../../utils/relations';
import { fail, has } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

const UID = 'api::sales-order-document.sales-order-document';

/**
 * Order document rules (spec 001 §7 "Order documents and files"): `sales_order`,
 * `document_type` and `content` (an uploaded file id) are required and must exist.
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  const rules = [
    ['sales_order', 'api::sales-order.sales-order', 'Pedido não encontrado.'],
    ['document_type', 'api::document-type.document-type', 'Tipo de documento não encontrado'],
    ['content', 'plugin::upload.file', 'Arquivo não encontrado'],
  ] as const;
  for (const [field, uid, message] of rules) {
    if (!creating && !has(data, field)) continue;
    const ref = relationRef(data[field]);
    if (!ref) fail(field, field === 'content' ? 'Arquivo é obrigatório' : 'Selecione um item válido');
    const row = await loadRef(strapi, uid, ref);
    if (!row) fail(field, message);
    data[field] = row.id;
  }
}

export default factories.createCoreService(UID, checkedService(check));
