import { formatDate, formatPhoneNumber, formatCEP } from '@/lib/format';
import { formatDocument } from '@/lib/document';
import { formatReais } from '@/lib/money';
import { ORDER_STATUS_LABELS } from '@/shared/order-status';
import { lightFormat, isValid, parseISO } from 'date-fns';

/**
 * How a history entry reads in pt-BR: the record's name, the field labels as its form shows them, and the
 * values formatted as the screens show them (BRL, dd/MM/yyyy HH:mm, status labels, Sim/Não).
 */
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const api = (name: string) => `api::${name}.${name}`;

/** The record's kind, as the history names it. */
const RECORD_NAMES: Record<string, string> = {
  [api('sales-order')]: 'Pedido',
  [api('sales-order-item')]: 'Item do pedido',
  [api('sales-order-document')]: 'Documento do pedido',
  [api('receivable')]: 'Pagamento',
  [api('customer')]: 'Cliente',
  [api('company')]: 'Empresa',
  [api('company-agreement')]: 'Vínculo despachante–concessionária',
  [api('document-type')]: 'Tipo de documento',
  [api('payment-method')]: 'Meio de pagamento',
  [api('vehicle-type')]: 'Tipo de veículo',
  [api('sales-item')]: 'Item de venda',
  [api('state')]: 'Estado',
  [USER]: 'Usuário',
  [ROLE]: 'Papel',
};

/** Field labels per record kind, as the forms write them; a field not listed shows its own name. */
const FIELD_LABELS: Record<string, Record<string, string>> = {
  [api('receivable')]: {
    document_number: 'Número do Documento',
    amount_original: 'Valor Nominal',
    amount_final: 'Valor Final',
    tax: 'Taxa',
    payment_method_id: 'Meio de Pagamento',
    status_in: 'Status',
    payment_date: 'Data de Pagamento',
    installments: 'Número de Parcelas',
    card_brand: 'Bandeira do Cartão',
    card_last4: 'Últimos 4 dígitos do cartão',
    authorization_code: 'Código de Autorização',
    sales_order: 'Pedido',
    pedido_id: 'ID do Pedido',
    user_dispatcher_id: 'Despachante',
    user_company_id: 'Concessionária',
    cpf_cnpj_cliente: 'CPF/CNPJ do Cliente',
    custom_document_id: 'Identificador externo',
  },
  [api('sales-order')]: {
    status_in: 'Status',
    billing_date: 'Data de Faturamento',
    user_dispatcher_id: 'Despachante',
    user_company_id: 'Concessionária',
    user_id: 'Vendedor',
    customer_id: 'Cliente',
    vehicle_type_id: 'Tipo de veículo',
    vehicle_documentation_company_id: 'Empresa de documentação',
    sales_type: 'Tipo',
    vehicle_price: 'Preço do Veículo',
    original_amount: 'Valor Original',
    current_amount: 'Valor Atual',
    is_vehicle_financed: 'Veículo Financiado',
    is_vehicle_special_plate: 'Placa Especial',
  },
  [api('sales-order-item')]: {
    sales_order: 'Pedido',
    sales_item: 'Item de venda',
    name: 'Nome',
    price: 'Preço',
    quantity: 'Quantidade',
    vehicle_documentation_company_amount: 'Valor do despachante',
    vehicle_sales_company_amount: 'Valor da concessionária',
    platform_amount: 'Valor da plataforma',
  },
  [api('sales-order-document')]: { sales_order: 'Pedido', document_type: 'Tipo de documento', content: 'Arquivo' },
  [USER]: {
    username: 'CPF/CNPJ',
    name: 'Nome completo',
    email: 'Email',
    phone_number: 'Telefone',
    type: 'Tipo',
    role: 'Permissão',
    company_id: 'Concessionária',
    address_state_id: 'Estado',
    address_street: 'Endereço',
    address_number: 'Número',
    address_postal_code: 'CEP',
    birth_date: 'Data de nascimento',
    blocked: 'Usuário Bloqueado',
    confirmed: 'Confirmado',
    provider: 'Provedor',
    password: 'Senha',
  },
  [ROLE]: { name: 'Nome', description: 'Descrição', type: 'Tipo', permissions: 'Permissões' },
};

const MONEY = new Set(['amount_original', 'amount_final', 'tax', 'vehicle_price', 'original_amount', 'current_amount', 'price']);
const PERCENT = /_percentage$/;
const DATE_ONLY = new Set(['birth_date']);
const DATE_TIME = new Set(['payment_date', 'billing_date', 'createdAt', 'updatedAt']);
const USER_TYPES: Record<string, string> = { admin: 'Administrador', company: 'Concessionária', dispatcher: 'Despachante', salesman: 'Vendedor' };

/** dd/MM/yyyy HH:mm of an ISO instant, in the device's time zone; '' when it is not one. */
export function formatWhen(value: string): string {
  const d = parseISO(value);
  return isValid(d) ? lightFormat(d, 'dd/MM/yyyy HH:mm') : '';
}

/** The record kind of a content-type uid ('Pagamento'); an unknown one shows its API name. */
export const recordName = (uid: string): string => RECORD_NAMES[uid] ?? uid.replace(/^.*\./, '');

/** The label of `field` of a record of `uid` as its form shows it. */
export const fieldLabel = (uid: string, field: string): string =>
  FIELD_LABELS[uid]?.[field] ?? (MONEY.has(field) || field.endsWith('_amount') ? 'Valor' : field);

/** A stored value as the screens show it; null and empty → '—'. */
export function formatValue(uid: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (MONEY.has(field) || field.endsWith('_amount')) return formatReais(value as number | string);
  if (PERCENT.test(field)) return `${String(value).replace('.', ',')}%`;
  if (field === 'status_in') return ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS] ?? String(value);
  if (uid === USER && field === 'type') return USER_TYPES[String(value)] ?? String(value);
  if (typeof value === 'string' && DATE_ONLY.has(field)) return formatDate(value) || value;
  if (typeof value === 'string' && DATE_TIME.has(field)) return formatWhen(value) || value;
  if (typeof value === 'string' && (field === 'cpf_cnpj_cliente' || field === 'cpf_cnpj' || field === 'cnpj' || (uid === USER && field === 'username')))
    return formatDocument(value);
  if (typeof value === 'string' && field === 'phone_number') return formatPhoneNumber(value);
  if (typeof value === 'string' && field === 'address_postal_code') return formatCEP(value);
  if (
    typeof value === 'number' &&
    (field.endsWith('_id') || field === 'sales_order' || field === 'role' || field === 'sales_item' || field === 'document_type')
  )
    return `#${value}`;
  if (Array.isArray(value)) return value.map((v) => formatValue(uid, field, v)).join(', ');
  if (typeof value === 'object') {
    const file = value as { name?: unknown; id?: unknown };
    return typeof file.name === 'string' ? file.name : JSON.stringify(value);
  }
  return String(value);
}

/** A permission action as the role screen's tree names it: `api::receivable.receivable.confirm` → `receivable.confirm`. */
const actionName = (action: unknown) =>
  String(action)
    .replace(/^api::[^.]+\./, '')
    .replace(/^plugin::/, '');

/**
 * The text of a change that does not read 'old → new', or null: a password set reads 'alterada' (the server
 * stores no value); a role's permissions list the actions granted ('Concedidas: …') and revoked ('Revogadas: …')
 * — an update stores exactly those as `new` and `old`, a creation grants all it lists, a deletion revokes them.
 */
export function changeText(uid: string, field: string, action: 'create' | 'update' | 'delete', change: { old: unknown; new: unknown }): string | null {
  if (uid === USER && field === 'password') return 'alterada';
  if (uid !== ROLE || field !== 'permissions') return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(actionName) : []);
  const granted = action === 'delete' ? [] : list(change.new);
  const revoked = action === 'create' ? [] : list(change.old);
  const parts = [granted.length ? `Concedidas: ${granted.join(', ')}` : '', revoked.length ? `Revogadas: ${revoked.join(', ')}` : ''];
  return parts.filter(Boolean).join(' · ') || '—';
}

/** What happened, as the timeline says it. */
export const ACTION_LABELS = { create: 'Criou', update: 'Alterou', delete: 'Excluiu' } as const;
