import { factories } from '@strapi/strapi';
import { isCnpj, normalizeDocument } from '../../../utils/documents';
import { relationRef } from '../../../utils/relations';
import { email, fail, has, text } from '../../../utils/rules';

const UID = 'api::company.company';

/** 'dispacher' (the spec's misspelling) → 'dispatcher'; anything but company/dispatcher is a 400. */
export function normalizeCompanyType(data: any): void {
  if (!has(data, 'type')) return;
  if (data.type === 'dispacher') data.type = 'dispatcher';
  if (data.type == null) {
    delete data.type;
    return;
  }
  if (!['company', 'dispatcher'].includes(data.type)) fail('type', 'Tipo inválido (company ou dispatcher)');
}

/**
 * Company rules (spec 001 §5 "Company form" / "Dispatcher form"):
 * - both: trade_name 2–150 ('Nome fantasia é obrigatório'), legal_name ≤ 150, street ≤ 150,
 *   number ≤ 10, city ≤ 100, email valid ≤ 100 ('Email inválido'), state required
 *   ('Estado é obrigatório'), cnpj required ('CNPJ é obrigatório');
 * - dealership (type company): cnpj a valid CNPJ, numeric or 2026 alphanumeric ('CNPJ inválido'),
 *   stored bare; CEP 8 digits ('CEP inválido'); phone 10–11 digits ('Telefone inválido');
 *   masks are stripped before the checks;
 * - dispatcher: cnpj 2–18, CEP ≤ 10, phone ≤ 20, no digit-count checks.
 * On update the rules of the type the record will have are applied to the fields sent.
 */
export async function checkCompany(strapi: any, data: any, documentId: string | null) {
  const creating = documentId === null;
  normalizeCompanyType(data);
  let type = data.type;
  if (!type) {
    if (creating) type = data.type = 'company';
    else type = (await strapi.db.query(UID).findOne({ where: { documentId }, select: ['type'] }))?.type ?? 'company';
  }
  const dealer = type === 'company';
  text(data, 'trade_name', { min: 2, max: 150, required: true, creating, minMessage: 'Nome fantasia é obrigatório', maxMessage: 'Nome fantasia deve ter no máximo 150 caracteres' });
  text(data, 'legal_name', { max: 150, maxMessage: 'Razão social deve ter no máximo 150 caracteres' });
  text(data, 'address_street', { max: 150, maxMessage: 'Endereço deve ter no máximo 150 caracteres' });
  text(data, 'address_number', { max: 10, maxMessage: 'Número deve ter no máximo 10 caracteres' });
  text(data, 'address_city', { max: 100, maxMessage: 'Cidade deve ter no máximo 100 caracteres' });
  email(data);
  if (creating || has(data, 'cnpj')) {
    if (typeof data.cnpj !== 'string' || !data.cnpj.trim()) fail('cnpj', 'CNPJ é obrigatório');
    if (dealer) {
      const v = normalizeDocument(data.cnpj);
      if (!isCnpj(v)) fail('cnpj', 'CNPJ inválido');
      data.cnpj = v;
    } else {
      if (isCnpj(data.cnpj)) data.cnpj = normalizeDocument(data.cnpj);
      text(data, 'cnpj', { min: 2, max: 18, required: true, creating, minMessage: 'CNPJ é obrigatório', maxMessage: 'CNPJ inválido' });
    }
  }
  if (has(data, 'address_postal_code') && data.address_postal_code != null && data.address_postal_code !== '') {
    if (typeof data.address_postal_code !== 'string') fail('address_postal_code', 'CEP inválido');
    if (dealer) {
      const v = data.address_postal_code.replace(/\D/g, '');
      if (v.length !== 8 || /[^\d.\-\s]/.test(data.address_postal_code)) fail('address_postal_code', 'CEP inválido');
      data.address_postal_code = v;
    } else text(data, 'address_postal_code', { max: 10, maxMessage: 'CEP inválido' });
  }
  if (has(data, 'phone_number') && data.phone_number != null && data.phone_number !== '') {
    if (typeof data.phone_number !== 'string') fail('phone_number', 'Telefone inválido');
    if (dealer) {
      const v = data.phone_number.replace(/\D/g, '');
      if (v.length < 10 || v.length > 11 || /[^\d()\-\s+]/.test(data.phone_number)) fail('phone_number', 'Telefone inválido');
      data.phone_number = v;
    } else text(data, 'phone_number', { max: 20, maxMessage: 'Telefone inválido' });
  }
  const st = relationRef(data.address_state_id);
  if ((creating && !st) || (has(data, 'address_state_id') && !st)) fail('address_state_id', 'Estado é obrigatório');
  if (st) {
    const state = await strapi.db.query('api::state.state').findOne({ where: 'id' in st ? { id: st.id } : { documentId: st.documentId }, select: ['id'] });
    if (!state) fail('address_state_id', 'Estado é obrigatório');
    data.address_state_id = state.id;
  }
}

export default factories.createCoreService(UID, ({ strapi }) => ({
  async create(params: any = {}) {
    await checkCompany(strapi, (params.data ??= {}), null);
    return super.create(params);
  },
  async update(documentId: string, params: any = {}) {
    await checkCompany(strapi, (params.data ??= {}), documentId);
    return super.update(documentId, params);
  },
}));
