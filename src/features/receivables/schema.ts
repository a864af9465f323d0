// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { moneySchema, strapiIdSchema, strapiRelation } from '@/lib/api/strapi';
import { toReais } from '@/lib/money';
import { customerRefSchema } from '@/shared/customers';
import { paymentMethodRefSchema } from '@/shared/payment-methods';
import { userRefSchema } from '@/shared/users';
import { RECEIVABLE_STATUSES, normalizeReceivableStatus } from './status';
import { sortFields } from '@/lib/resource-lists';
import { receivableResource } from './resource';

/**
 * Receivables (Contas a Receber): the API record (spec 001 §3, docs/architecture.md), the form
 * 'Novo recebimento' / 'Editar recebimento' (spec 001 §2, §5) and the list search (§2, §9).
 * Money of the record is parsed to **centavos**; the form holds centavos; the body sends reais.
 */

/** A receivable as `GET /receivables?populate=...` returns it. Money in centavos. */
export const receivableSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  sales_order: strapiRelation(z.looseObject({ id: strapiIdSchema, documentId: z.optional(z.string()), customer_id: z.optional(z.unknown()) })),
  pedido_id: z.nullish(z.number().check(z.int())),
  user_dispatcher_id: strapiRelation(userRefSchema),
  user_company_id: strapiRelation(userRefSchema),
  cpf_cnpj_cliente: z.nullish(z.string()),
  document_number: z.nullish(z.string()),
  amount_original: moneySchema,
  amount_final: moneySchema,
  tax: moneySchema,
  status_in: z.nullish(z.string()),
  payment_date: z.nullish(z.string()),
  payment_method_id: strapiRelation(z.partial(paymentMethodRefSchema, { name: true })),
  card_brand: z.nullish(z.string()),
  card_last4: z.nullish(z.string()),
  installments: z.nullish(z.number().check(z.int())),
  authorization_code: z.nullish(z.string()),
  custom_document_id: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  updatedAt: z.nullish(z.string()),
});
export type Receivable = z.infer<typeof receivableSchema>;
export { customerRefSchema };

/* ------------------------------------------------------------------ form */

const selection = z.number({ error: 'Selecione um item válido' }).check(z.int(), z.gt(0, 'Selecione um item válido'));

/**
 * The receivable form (spec 001 §5 "Receivable form"), with the spec's messages. Amounts in
 * **centavos** (typed as digits); `payment_date` an ISO datetime; selections are ids where 0
 * means "nothing chosen"; `payment_method_id` null = 'Nenhum'.
 */
export const receivableFormSchema = z.object({
  document_number: z.string().check(z.trim(), z.minLength(1, 'Número do documento é obrigatório')),
  amount_original: z.number().check(z.int(), z.gte(1, 'Valor deve ser maior que zero')),
  payment_method_id: z.nullable(z.number().check(z.int(), z.positive())),
  status_in: z.enum(RECEIVABLE_STATUSES),
  payment_date: z.string({ error: 'Data de pagamento é obrigatória' }).check(z.minLength(1, 'Data de pagamento é obrigatória')),
  installments: z
    .number({ error: 'Número de parcelas deve ser um número inteiro' })
    .check(z.int('Número de parcelas deve ser um número inteiro'), z.gte(0, 'Número de parcelas não pode ser negativo')),
  card_brand: z.string().check(z.maxLength(50, 'Bandeira do cartão deve ter no máximo 50 caracteres')),
  card_last4: z.string().check(z.maxLength(4, 'Informe no máximo 4 dígitos')),
  authorization_code: z.string(),
  sales_order: selection,
  despachante: selection,
  cpf_cnpj_cliente: z.string().check(z.trim(), z.minLength(1, 'CPF/CNPJ obrigatório')),
  concessionaria: selection,
  amount_final: z.number().check(z.int(), z.gte(0, 'Valor final não pode ser negativo')),
  tax: z.number().check(z.int(), z.gte(0, 'Taxa não pode ser negativa')),
});
export type ReceivableFormValues = z.infer<typeof receivableFormSchema>;

/** Defaults of a new receivable: pending, paid now, 0 instalments, nothing selected (spec 001 §9). */
export function newReceivableDefaults(now: Date = new Date()): ReceivableFormValues {
  return {
    document_number: '',
    amount_original: 0,
    payment_method_id: null,
    status_in: 'pending',
    payment_date: now.toISOString(),
    installments: 0,
    card_brand: '',
    card_last4: '',
    authorization_code: '',
    sales_order: 0,
    despachante: 0,
    cpf_cnpj_cliente: '',
    concessionaria: 0,
    amount_final: 0,
    tax: 0,
  };
}

/** Form values of an existing receivable; an unknown status shows as pending (spec 001 §4). */
export function receivableToForm(r: Receivable): ReceivableFormValues {
  return {
    document_number: r.document_number ?? '',
    amount_original: r.amount_original,
    payment_method_id: r.payment_method_id?.id ?? null,
    status_in: normalizeReceivableStatus(r.status_in),
    payment_date: r.payment_date ?? '',
    installments: r.installments ?? 0,
    card_brand: r.card_brand ?? '',
    card_last4: r.card_last4 ?? '',
    authorization_code: r.authorization_code ?? '',
    sales_order: r.sales_order?.id ?? r.pedido_id ?? 0,
    despachante: r.user_dispatcher_id?.id ?? 0,
    cpf_cnpj_cliente: r.cpf_cnpj_cliente ?? '',
    concessionaria: r.user_company_id?.id ?? 0,
    amount_final: r.amount_final,
    tax: r.tax,
  };
}

/** `{data}` of POST/PUT /receivables: reais; despachante/concessionaria sent as user_dispatcher_id/user_company_id. */
export interface ReceivablePayload {
  document_number: string;
  amount_original: number;
  amount_final: number;
  tax: number;
  payment_method_id: number | null;
  status_in: 'paid' | 'pending' | 'reversed';
  payment_date: string;
  installments: number;
  card_brand: string | null;
  card_last4: string | null;
  authorization_code: string | null;
  sales_order: number;
  pedido_id: number;
  user_dispatcher_id: number;
  user_company_id: number;
  cpf_cnpj_cliente: string;
}

/** Form values (centavos) → API body (reais). CPF/CNPJ is sent without punctuation. */
export function receivableFormToPayload(v: ReceivableFormValues): ReceivablePayload {
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    document_number: v.document_number.trim(),
    amount_original: toReais(v.amount_original),
    amount_final: toReais(v.amount_final),
    tax: toReais(v.tax),
    payment_method_id: v.payment_method_id,
    status_in: v.status_in,
    payment_date: v.payment_date,
    installments: v.installments,
    card_brand: text(v.card_brand),
    card_last4: text(v.card_last4),
    authorization_code: text(v.authorization_code),
    sales_order: v.sales_order,
    pedido_id: v.sales_order,
    user_dispatcher_id: v.despachante,
    user_company_id: v.concessionaria,
    cpf_cnpj_cliente: v.cpf_cnpj_cliente.replace(/[.\-/\s]/g, '').toUpperCase(),
  };
}

/* ------------------------------------------------------------------ list search */

const optionalText = z.catch(z.optional(z.string().check(z.trim())), undefined);
const positiveInt = z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined);

/**
 * The /receivables URL search: page, pageSize (default 25), sort and direction, free text
 * `q`, and the filters of spec 001 §2. Bad values fall back to defaults.
 */
export const receivableSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
  pageSize: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))), undefined),
  sort: z.catch(z.optional(z.enum(sortFields(receivableResource))), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  q: optionalText,
  id: positiveInt,
  document_number: optionalText,
  /** Valor: an amount typed in reais ('150,00'). */
  amount: optionalText,
  pedido_id: positiveInt,
  order_document_id: optionalText,
  dispatcher: optionalText,
  company: optionalText,
  payment_method: positiveInt,
  status: z.catch(z.optional(z.enum(RECEIVABLE_STATUSES)), undefined),
  /** Data de Pagamento, yyyy-MM-dd (local day). */
  payment_date: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
  card_brand: optionalText,
  installments: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(0))), undefined),
});
export type ReceivableSearch = z.infer<typeof receivableSearchSchema>;

/** The list frame's URL state → the typed receivable search (see `toSalesOrderSearch`). */
export function toReceivableSearch(list: {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  q?: string | undefined;
  filters?: Record<string, string> | undefined;
}): ReceivableSearch {
  const [sort, dir] = (list.sort ?? '').split(':');
  const raw: Record<string, unknown> = { ...list.filters, page: list.page, pageSize: list.pageSize };
  if (list.q) raw.q = list.q;
  if (sort) raw.sort = sort;
  if (dir) raw.dir = dir;
  const parsed = receivableSearchSchema.parse(raw);
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined && v !== '')) as ReceivableSearch;
}
