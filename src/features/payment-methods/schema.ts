// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';

/**
 * Payment methods (spec 001 §3 "Payment method"): the full record of the register screens and their
 * form. The reference schema of a select option or populated relation is shared (src/shared/payment-methods.ts).
 */

/** A decimal of the API (a number, or a string on PostgreSQL); null → 0. */
const decimal = z.pipe(
  z.nullish(z.union([z.number(), z.string()])),
  z.transform((v: number | string | null | undefined) => {
    const n = typeof v === 'string' ? Number(v) : (v ?? 0);
    return Number.isFinite(n) ? n : 0;
  }),
);

/**
 * A payment method as GET /payment-methods answers it: is_online_payment, max_installments
 * (integer; 0 = no instalments), interest_tax (a **percentage**, 2.5 = 2,5 %), is_active.
 */
export const paymentMethodSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  name: z.string(),
  is_online_payment: z.nullish(z.boolean()),
  max_installments: z.nullish(z.number()),
  interest_tax: decimal,
  is_active: z.nullish(z.boolean()),
  createdAt: z.nullish(z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A number input's value; a non-numeric entry (NaN) becomes 0 (spec 001 §5 "Payment method"). */
const numberOrZero = z.pipe(
  z.union([z.number(), z.nan()]),
  z.transform((n: number) => (Number.isFinite(n) ? n : 0)),
);

/**
 * The payment method form (spec 001 §5 "Payment method"): name 2–100 ('Nome é obrigatório' /
 * 'Nome deve ter no máximo 100 caracteres'); max_installments a whole number ≥ 0 ('Número de
 * parcelas não pode ser negativo'; over 99 or fractional: 'Número de parcelas inválido', the
 * server's limit); interest_tax a percentage ≥ 0 ('Taxa de juros não pode ser negativa'), two
 * decimals (step 0.01), at most 1000 (the server's limit); a non-numeric entry becomes 0;
 * is_online_payment and is_active (both default true).
 */
export const paymentMethodFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Nome é obrigatório'), z.maxLength(100, 'Nome deve ter no máximo 100 caracteres')),
  is_online_payment: z.boolean(),
  max_installments: z.pipe(
    numberOrZero,
    z.number().check(z.gte(0, 'Número de parcelas não pode ser negativo'), z.int('Número de parcelas inválido'), z.lte(99, 'Número de parcelas inválido')),
  ),
  interest_tax: z.pipe(
    numberOrZero,
    z.pipe(
      z.number().check(z.gte(0, 'Taxa de juros não pode ser negativa'), z.lte(1000, 'Taxa de juros deve ser no máximo 1000')),
      z.transform((n: number) => Math.round(n * 100) / 100),
    ),
  ),
  is_active: z.boolean(),
});
export type PaymentMethodFormValues = z.input<typeof paymentMethodFormSchema>;

/** The form values of a loaded payment method (edit) or of a new one (online and active, 0 instalments, 0 %). */
export const paymentMethodToForm = (p?: PaymentMethod): PaymentMethodFormValues => ({
  name: p?.name ?? '',
  is_online_payment: p ? p.is_online_payment !== false : true,
  max_installments: p?.max_installments ?? 0,
  interest_tax: p?.interest_tax ?? 0,
  is_active: p ? p.is_active !== false : true,
});
