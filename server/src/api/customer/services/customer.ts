import { factories } from '@strapi/strapi';
import { documentError, normalizeDocument } from '../../../utils/documents';
import { conflict, email, fail, has, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';

const UID = 'api::customer.customer';

/**
 * Customer rules (spec 001 §5 "Customer"): name 2–150 ('Nome é obrigatório'); cpf_cnpj stored
 * as bare characters, at least 11 ('CPF/CNPJ é obrigatório'), valid CPF or CNPJ check digits
 * ('CPF inválido' / 'CNPJ inválido' ...), unique (409 'CPF/CNPJ já cadastrado');
 * email valid or null ('Email inválido'); phone ≤ 20.
 */
async function check(strapi: any, data: any, documentId: string | null) {
  const creating = documentId === null;
  text(data, 'name', { min: 2, max: 150, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome não pode exceder 150 caracteres' });
  if (has(data, 'cpf_cnpj') || creating) {
    if (typeof data.cpf_cnpj !== 'string' && typeof data.cpf_cnpj !== 'number') fail('cpf_cnpj', 'CPF/CNPJ é obrigatório');
    const doc = normalizeDocument(data.cpf_cnpj);
    if (doc.length < 11) fail('cpf_cnpj', 'CPF/CNPJ é obrigatório');
    const err = documentError(doc);
    if (err) fail('cpf_cnpj', err);
    data.cpf_cnpj = doc;
    const other = await strapi.db.query(UID).findOne({ where: { cpf_cnpj: doc }, select: ['id', 'documentId'] });
    if (other && other.documentId !== documentId) conflict('CPF/CNPJ já cadastrado', { documentId: other.documentId });
  }
  email(data);
  text(data, 'phone_number', { max: 20, maxMessage: 'Telefone inválido' });
}

export default factories.createCoreService(UID, checkedService(check));
