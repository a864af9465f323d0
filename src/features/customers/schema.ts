// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { documentMessage, sanitizeDocument } from '@/lib/document';

/**
 * Customers (spec 001 §3 "Customer"): the record of the register screens and their form (the
 * reference schema of a populated `customer_id` is shared: src/shared/customers.ts).
 */

/** A customer as GET /customers answers it: cpf_cnpj bare (digits, or the letters of an alphanumeric CNPJ). */
export const customerSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.string(),
  name: z.string(),
  cpf_cnpj: z.string(),
  email: z.nullish(z.string()),
  phone_number: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
});
export type Customer = z.infer<typeof customerSchema>;

/** Empty (trimmed) text → null. */
const optionalText = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * The customer form (spec 001 §5 "Customer"): name at least 2 ('Nome é obrigatório'; at most 150,
 * the server's limit: 'Nome não pode exceder 150 caracteres'); cpf_cnpj bare, at least 11
 * characters ('CPF/CNPJ é obrigatório') and then valid check digits (the document validator's
 * 'CPF inválido', 'CNPJ incompleto', 'CNPJ inválido', ... of lib/document.ts); email valid
 * ('Email inválido', at most 100) or empty → null; phone optional (digits; empty → null).
 */
export const customerFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Nome é obrigatório'), z.maxLength(150, 'Nome não pode exceder 150 caracteres')),
  cpf_cnpj: z.pipe(z.string(), z.transform(sanitizeDocument)).check((ctx) => {
    const message = ctx.value.length < 11 ? 'CPF/CNPJ é obrigatório' : documentMessage(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  }),
  email: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((s) => s === '' || (s.length <= 100 && z.email().safeParse(s).success), 'Email inválido'),
    ),
    z.transform(optionalText),
  ),
  phone_number: z.pipe(z.string(), z.transform(optionalText)),
});
export type CustomerFormValues = z.input<typeof customerFormSchema>;

/** The form values of a loaded customer (edit) or of a new one. */
export const customerToForm = (c?: Customer): CustomerFormValues => ({
  name: c?.name ?? '',
  cpf_cnpj: c?.cpf_cnpj ?? '',
  email: c?.email ?? '',
  phone_number: c?.phone_number ?? '',
});
