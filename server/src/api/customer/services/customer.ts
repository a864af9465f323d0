import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { orderFilter, type Scope } from '../../../utils/scope';
import { documentError, normalizeDocument } from '../../../utils/documents';
import { conflict, email, fail, has, text } from '../../../utils/rules';
import { checkedService } from '../../../utils/checked-service';
import type { Json } from '../../../utils/types';

const UID = 'api::customer.customer';
const ORDER = 'api::sales-order.sales-order';

/**
 * Customer rules (spec 001 §5 "Customer"): name 2–150 ('Nome é obrigatório'); cpf_cnpj stored
 * as bare characters, at least 11 ('CPF/CNPJ é obrigatório'), valid CPF or CNPJ check digits
 * ('CPF inválido' / 'CNPJ inválido' ...), unique (409 'CPF/CNPJ já cadastrado');
 * email valid or null ('Email inválido'); phone ≤ 20.
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  text(data, 'name', { min: 2, max: 150, required: true, creating, minMessage: 'Nome é obrigatório', maxMessage: 'Nome não pode exceder 150 caracteres' });
  if (has(data, 'cpf_cnpj') || creating) {
    if (typeof data.cpf_cnpj !== 'string' && typeof data.cpf_cnpj !== 'number') fail('cpf_cnpj', 'CPF/CNPJ é obrigatório');
    const doc = normalizeDocument(data.cpf_cnpj);
    if (doc.length < 11) fail('cpf_cnpj', 'CPF/CNPJ é obrigatório');
    const err = documentError(doc);
    if (err) fail('cpf_cnpj', err);
    data.cpf_cnpj = doc;
    await uniqueDocument(strapi, data, documentId);
  }
  email(data);
  text(data, 'phone_number', { max: 20, maxMessage: 'Telefone inválido' });
}

/** cpf_cnpj (already normalised) is unique, backed by the schema's unique index `customers_cpf_cnpj_unique`: 409 'CPF/CNPJ já cadastrado'. */
async function uniqueDocument(strapi: Core.Strapi, data: Json, documentId: string | null) {
  if (typeof data.cpf_cnpj !== 'string') return;
  const other = await strapi.db.query(UID).findOne({ where: { cpf_cnpj: data.cpf_cnpj }, select: ['id', 'documentId'] });
  if (other && other.documentId !== documentId) conflict('CPF/CNPJ já cadastrado', { documentId: other.documentId });
}

/**
 * Customers are shared (one CPF/CNPJ buys at several dealerships), so a scoped caller may change a
 * customer only when no order outside their scope uses it (docs/decisions.md "Shared customers are edited only by their parties"):
 * one company never rewrites another's customer. A customer without orders (just registered) is
 * editable. Throws 404 for an unknown id, 403 (PolicyError, readable) otherwise.
 */
async function assertEditableBy(strapi: Core.Strapi, scope: Scope, id: string): Promise<void> {
  const customer = await strapi.db.query(UID).findOne({ where: /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id }, select: ['id'] });
  if (!customer) throw new errors.NotFoundError('Cliente não encontrado');
  const filter = orderFilter(scope);
  if (!filter) return;
  const uses = { customer_id: { id: { $eq: customer.id } } };
  const all = await strapi.documents(ORDER).count({ filters: uses });
  const mine = all ? await strapi.documents(ORDER).count({ filters: { $and: [uses, filter] } }) : 0;
  if (all > mine) throw new errors.PolicyError('Este cliente também está em pedidos de outra empresa; só um administrador pode alterá-lo.');
}

export default factories.createCoreService(
  UID,
  checkedService(
    check,
    ({ strapi }) => ({
      assertEditableBy: (scope: Scope, id: string) => assertEditableBy(strapi, scope, id),
    }),
    { recheck: uniqueDocument },
  ),
);
