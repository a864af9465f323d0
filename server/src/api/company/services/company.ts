import { randomBytes } from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { checkedService } from '../../../utils/checked-service';
import { writeOrConflict } from '../../../utils/unique';
import { isCnpj, normalizeDocument } from '../../../utils/documents';
import { parseRef, relationRef, type RelationRef } from '../../../utils/relations';
import { salesItemsSimulation } from '../../../utils/sales-simulation';
import { conflict, email, fail, has, percentage, text } from '../../../utils/rules';
import type { DocumentInput, Json } from '../../../utils/types';

const UID = 'api::company.company';

/** A company row as the actions below read it, with its login user (`user_id`) populated. */

/** A row key (id or documentId) read by the strict parser (utils/relations.ts), or null when it refuses it. */
function tryRef(key: unknown): RelationRef | null {
  try {
    return parseRef(key, 'companies');
  } catch {
    return null;
  }
}

export interface CompanyRow {
  id: number;
  documentId: string;
  type: 'company' | 'dispatcher';
  user_id?: { id: number; documentId?: string; type?: string } | null;
  [field: string]: unknown;
}

/** 'dispacher' (the spec's misspelling) → 'dispatcher'; anything but company/dispatcher is a 400. */
export function normalizeCompanyType(data: Json): void {
  if (!has(data, 'type')) return;
  if (data.type === 'dispacher') data.type = 'dispatcher';
  if (data.type == null) {
    delete data.type;
    return;
  }
  if (data.type !== 'company' && data.type !== 'dispatcher') fail('type', 'Tipo inválido (company ou dispatcher)');
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
export async function checkCompany(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const creating = documentId === null;
  normalizeCompanyType(data);
  let type = data.type;
  if (!type) {
    if (creating) type = data.type = 'company';
    else type = (await strapi.db.query(UID).findOne({ where: { documentId }, select: ['type'] }))?.type ?? 'company';
  }
  const dealer = type === 'company';
  text(data, 'trade_name', {
    min: 2,
    max: 150,
    required: true,
    creating,
    minMessage: 'Nome fantasia é obrigatório',
    maxMessage: 'Nome fantasia deve ter no máximo 150 caracteres',
  });
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

const USER = 'plugin::users-permissions.user';
const AGREEMENT = 'api::company-agreement.company-agreement';
type Upserted = { documentId: string; created: boolean };

/**
 * The caller's own company record (spec 000 §6 company custom actions): for dealership and
 * dispatcher accounts the company whose user_id is them; for a salesman his user.company_id.
 * Administrators have none. Throws 404 'Empresa não encontrada'.
 */
async function myCompany(strapi: Core.Strapi, user: { id: number; type?: string }): Promise<CompanyRow> {
  const full: { company_id?: CompanyRow | null } | null = await strapi.db
    .query(USER)
    .findOne({ where: { id: user.id }, populate: { company_id: { populate: { user_id: { select: ['id'] } } } } });
  let company: CompanyRow | null = full?.company_id ?? null;
  if (!company && (user.type === 'company' || user.type === 'dispatcher')) {
    company = await strapi.db.query(UID).findOne({ where: { user_id: user.id }, populate: { user_id: { select: ['id'] } } });
  }
  if (!company) throw new errors.NotFoundError('Empresa não encontrada');
  return company;
}

/**
 * Creates a dispatcher: in one transaction its login user (type dispatcher, role Despachante,
 * username = the CNPJ characters or `requestedUsername`, else a generated `D…`; random password,
 * the first access goes through forgot-password; e-mail or `<username>@despachante.balcao.local`)
 * and the company (type dispatcher, user_id → that user). `input` is the sanitised company body.
 * Returns the company with user_id and address_state_id. 409 when the username or e-mail is taken.
 */
async function createDispatcher(strapi: Core.Strapi, input: Json, requestedUsername: unknown) {
  input.type = 'dispatcher';
  await checkCompany(strapi, input, null);
  const fromCnpj = normalizeDocument(input.cnpj);
  let username = fromCnpj.length >= 11 && fromCnpj.length <= 14 ? fromCnpj : normalizeDocument(requestedUsername);
  if (username.length < 11 || username.length > 14) username = `D${Date.now().toString().slice(-13)}`;
  const mail = ((typeof input.email === 'string' && input.email) || `${username.toLowerCase()}@despachante.balcao.local`).toLowerCase();
  // the unique indexes of username and e-mail back this check; a create that loses the race runs it again (utils/unique.ts)
  const free = async () => {
    if (await strapi.db.query(USER).findOne({ where: { $or: [{ username }, { email: mail }] }, select: ['id'] }))
      conflict('Já existe um usuário com este CNPJ ou e-mail', { username, email: mail });
  };
  await free();
  const role =
    (await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'despachante' } })) ??
    (await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } }));
  const write = () =>
    strapi.db.transaction(async () => {
      const user = await strapi.documents(USER).create({
        data: {
          username,
          email: mail,
          password: randomBytes(18).toString('base64url'),
          provider: 'local',
          confirmed: true,
          blocked: false,
          type: 'dispatcher',
          name: input.trade_name,
          phone_number: input.phone_number ?? null,
          address_street: input.address_street ?? null,
          address_number: input.address_number ?? null,
          address_postal_code: input.address_postal_code ?? null,
          address_state_id: input.address_state_id,
          role: role?.id,
        } as DocumentInput<typeof USER>,
      });
      const data = { ...input, email: input.email ?? mail, user_id: user.id } as DocumentInput<typeof UID>;
      return strapi.documents(UID).create({ data, populate: ['user_id', 'address_state_id'] });
    });
  return writeOrConflict(strapi, free, input, null, write);
}

/**
 * Deletes a dispatcher company (`id`: documentId or numeric id), its agreements (one by one, each with its history
 * entry) and its login user in one transaction. 404 'Despachante não encontrado', 400 'Registro encontrado não é um despachante.'.
 */
async function deleteDispatcher(strapi: Core.Strapi, id: string) {
  const key = /^\d+$/.test(id) ? { id: Number(id) } : { documentId: id };
  const company: CompanyRow | null = await strapi.db.query(UID).findOne({ where: key, populate: { user_id: { select: ['id', 'type', 'documentId'] } } });
  if (!company) throw new errors.NotFoundError('Despachante não encontrado');
  if (company.type !== 'dispatcher') throw new errors.ValidationError('Registro encontrado não é um despachante.');
  await strapi.db.transaction(async () => {
    const login = company.user_id;
    if (login?.id) await (strapi.service(AGREEMENT) as unknown as { deleteOfDispatcher(id: number): Promise<void> }).deleteOfDispatcher(login.id);
    await strapi.documents(UID).delete({ documentId: company.documentId });
    if (login?.id && login.type === 'dispatcher') await strapi.documents(USER).delete({ documentId: login.documentId });
  });
}

/**
 * Links the dispatcher company `documentId` to dealerships (updateCompanies): `data` is
 * `{companies:[{id|documentId, incentivoDespachante?, incentivoConcessionaria?}], incentivoDespachante,
 * incentivoConcessionaria}`; for each dealership the agreement between the two logins is created or
 * updated (percent 0–100; an entry's own incentives win over the top-level ones) in one transaction.
 * Returns the agreements (populated) and how many were created.
 */
async function linkDealerships(strapi: Core.Strapi, documentId: string, data: Json) {
  const dispatcher: CompanyRow = await strapi.db.query(UID).findOne({ where: { documentId }, populate: { user_id: { select: ['id', 'type'] } } });
  if (dispatcher.type !== 'dispatcher') throw new errors.ValidationError('Registro encontrado não é um despachante.');
  if (!dispatcher.user_id?.id) throw new errors.ValidationError('Despachante não possui user_id válido. Verifique os dados do despachante.');
  const list = data.companies;
  if (!Array.isArray(list) || list.length === 0) fail('companies', 'Selecione uma concessionária para vincular!');
  if (list.length > 100) fail('companies', 'Invalid IDs');
  const top = {
    d: data.incentivoDespachante ?? data.dispatcher_profit_percentage ?? 0,
    c: data.incentivoConcessionaria ?? data.company_profit_percentage ?? 0,
  };
  const rows: Array<{ userId: number; d: number; c: number }> = [];
  for (const entry of list) {
    // each entry is an id, a documentId, or {id|documentId, incentives…}: the key read by the one strict parser
    const key: unknown = entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry.id ?? entry.documentId) : entry;
    const ref = key === undefined || key === null || typeof key === 'object' ? null : tryRef(key);
    if (!ref) fail('companies', 'Invalid IDs');
    const company: CompanyRow | null = await strapi.db
      .query(UID)
      .findOne({ where: 'id' in ref ? { id: ref.id } : { documentId: ref.documentId }, populate: { user_id: { select: ['id', 'type'] } } });
    if (!company || company.type !== 'company' || !company.user_id?.id) fail('companies', 'Concessionária selecionada é inválida. Selecione uma opção válida.');
    const p: Record<string, unknown> = {
      dispatcher_profit_percentage: entry.incentivoDespachante ?? top.d,
      company_profit_percentage: entry.incentivoConcessionaria ?? top.c,
    };
    percentage(p, 'dispatcher_profit_percentage');
    percentage(p, 'company_profit_percentage');
    rows.push({ userId: company.user_id.id, d: p.dispatcher_profit_percentage as number, c: p.company_profit_percentage as number });
  }
  const agreements = strapi.service(AGREEMENT) as unknown as { upsertPair(d: number, c: number, dp: number, cp: number): Promise<Upserted> };
  let created = 0;
  const result = await strapi.db.transaction(async () => {
    const out = [];
    for (const r of rows) {
      const a = await agreements.upsertPair(dispatcher.user_id.id, r.userId, r.d, r.c);
      if (a.created) created += 1;
      out.push(await strapi.documents(AGREEMENT).findOne({ documentId: a.documentId, populate: ['user_company_id', 'user_dispatcher_id'] }));
    }
    return out;
  });
  return { agreements: result, created, updated: rows.length - created };
}

/**
 * Company service: write rules through checkedService (checkCompany), plus the business actions the
 * controller's custom routes call (dispatchers, dealership links, the sales simulation, myCompany).
 */
export default factories.createCoreService(
  UID,
  checkedService(checkCompany, ({ strapi }) => ({
    myCompany: (user: { id: number; type?: string }) => myCompany(strapi, user),
    createDispatcher: (input: Json, requestedUsername: unknown) => createDispatcher(strapi, input, requestedUsername),
    deleteDispatcher: (id: string) => deleteDispatcher(strapi, id),
    linkDealerships: (documentId: string, data: Json) => linkDealerships(strapi, documentId, data),
    salesItemsSimulation: (query: Json) => salesItemsSimulation(strapi, query),
  })),
);
