import { z } from 'zod';
import { strapiIdSchema, strapiRelation } from '@/lib/api/strapi';
import { BILLING_TYPES, type BillingType, type SALES_ITEM_AMOUNTS } from './resource';

/** A decimal of the API (a number, or a string on PostgreSQL); null → 0. */
const decimal = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = typeof v === 'string' ? Number(v) : (v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

export { BILLING_TYPES, BILLING_TYPE_LABELS, type BillingType } from './resource';

/**
 * A sales item as GET /sales-items?populate=* answers it (spec 001 §3 "Sales item"): price and the
 * three amounts in **reais** for a fixed-value item, in **percent** for a percentage item;
 * vehicle_type_id {id, name} and state_id {id, name, abbreviation} populated (or bare ids).
 */
export const salesItemSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  price: decimal,
  billing_type: z.enum(BILLING_TYPES).nullish(),
  vehicle_documentation_company_amount: decimal,
  vehicle_sales_company_amount: decimal,
  platform_amount: decimal,
  is_discount_allowed: z.boolean().nullish(),
  is_state_tax: z.boolean().nullish(),
  is_vehicle_financed: z.boolean().nullish(),
  is_special_plate: z.boolean().nullish(),
  is_ipva: z.boolean().nullish(),
  vehicle_type_id: strapiRelation(z.looseObject({ id: strapiIdSchema, name: z.string().nullish() })),
  state_id: strapiRelation(z.looseObject({ id: strapiIdSchema, name: z.string().nullish(), abbreviation: z.string().nullish() })),
  createdAt: z.string().nullish(),
});
export type SalesItem = z.infer<typeof salesItemSchema>;

/** The spec's sum message (spec 001 §5), reported on the price. */
export const SUM_MESSAGE = 'A soma dos valores (Despachante + Concessionária + Plataforma) deve ser igual ao preço';
/** Money tolerance of the sum check (spec 001 §9). */
export const SUM_TOLERANCE = 0.01;

/** A number input's value; a non-numeric entry (NaN) becomes 0. */
const amount = (negative: string) =>
  z
    .union([z.number(), z.nan()])
    .transform((n) => (Number.isFinite(n) ? n : 0))
    .pipe(z.number().min(0, negative).max(99_999_999.99, 'Valor acima do limite'));

/** The sum of the three amounts minus the price, rounded to centavos. */
export const amountsDifference = (v: {
  price: number;
  vehicle_documentation_company_amount: number;
  vehicle_sales_company_amount: number;
  platform_amount: number;
}) =>
  Math.round(((v.vehicle_documentation_company_amount || 0) + (v.vehicle_sales_company_amount || 0) + (v.platform_amount || 0) - (v.price || 0)) * 100) / 100;

/**
 * The sales item form (spec 001 §5 "Sales item"): name 2–100, description ≤ 500, price and the three
 * amounts ≥ 0 (messages naming the field), billing_type, vehicle type and state required ('Tipo de
 * veículo é obrigatório' / 'Estado é obrigatório'), the five flags, and the three amounts summing to
 * the price within 0.01 ({@link SUM_MESSAGE}, on price). Empty description → null.
 */
export const salesItemFormSchema = z
  .object({
    name: z.string().trim().min(2, 'Nome é obrigatório').max(100, 'Nome deve ter no máximo 100 caracteres'),
    description: z
      .string()
      .trim()
      .max(500, 'Descrição não pode exceder 500 caracteres')
      .transform((s) => (s === '' ? null : s)),
    billing_type: z.enum(BILLING_TYPES),
    price: amount('Preço não pode ser negativo'),
    vehicle_documentation_company_amount: amount('Valor do despachante não pode ser negativo'),
    vehicle_sales_company_amount: amount('Valor da concessionária não pode ser negativo'),
    platform_amount: amount('Valor da plataforma não pode ser negativo'),
    vehicle_type_id: z.number().int().positive('Tipo de veículo é obrigatório'),
    state_id: z.number().int().positive('Estado é obrigatório'),
    is_discount_allowed: z.boolean(),
    is_state_tax: z.boolean(),
    is_vehicle_financed: z.boolean(),
    is_special_plate: z.boolean(),
    is_ipva: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (Math.abs(amountsDifference(v)) > SUM_TOLERANCE + 1e-9) ctx.addIssue({ code: 'custom', path: ['price'], message: SUM_MESSAGE });
  });
export type SalesItemFormValues = z.input<typeof salesItemFormSchema>;
/** The `{data}` of POST/PUT /sales-items (relations as ids). */
export type SalesItemPayload = z.output<typeof salesItemFormSchema>;

/** The form values of a loaded sales item (edit) or of a new one (fixed value, zeros, flags off). */
export const salesItemToForm = (s?: SalesItem): SalesItemFormValues => ({
  name: s?.name ?? '',
  description: s?.description ?? '',
  billing_type: s?.billing_type ?? 'fixed_value',
  price: s?.price ?? 0,
  vehicle_documentation_company_amount: s?.vehicle_documentation_company_amount ?? 0,
  vehicle_sales_company_amount: s?.vehicle_sales_company_amount ?? 0,
  platform_amount: s?.platform_amount ?? 0,
  vehicle_type_id: s?.vehicle_type_id?.id ?? 0,
  state_id: s?.state_id?.id ?? 0,
  is_discount_allowed: s?.is_discount_allowed ?? false,
  is_state_tax: s?.is_state_tax ?? false,
  is_vehicle_financed: s?.is_vehicle_financed ?? false,
  is_special_plate: s?.is_special_plate ?? false,
  is_ipva: s?.is_ipva ?? false,
});

/** The payload without the three amounts (the spec's retry after an 'Invalid key' answer). */
export const withoutAmounts = (data: SalesItemPayload): Omit<SalesItemPayload, (typeof SALES_ITEM_AMOUNTS)[number]> => {
  const { vehicle_documentation_company_amount: _d, vehicle_sales_company_amount: _c, platform_amount: _p, ...rest } = data;
  return rest;
};

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A price or amount as shown (spec 001 §2): BRL for a fixed-value item, the number followed by % for a percentage item. */
export function formatItemValue(value: number, billingType: BillingType | null | undefined): string {
  return billingType === 'percentage' ? `${percentFormat.format(value)}%` : brl.format(value);
}
