import { z } from 'zod';
import { isValidCnpjDocument, sanitizeDocument } from '@/lib/document';
import type { Company } from '@/shared/companies';

/** The company's record schema is shared with the dispatchers (src/shared/companies.ts). */
export { companySchema, companyStateLabel, type Company } from '@/shared/companies';

const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

/** Which rules a company form follows: a dealership's (type company) or a dispatcher's (spec 001 §5). */
export type CompanyKind = 'company' | 'dispatcher';

/**
 * The company forms (spec 001 §5 "Company form" / "Dispatcher form"). Both: trade_name 2–150
 * ('Nome fantasia é obrigatório'), legal_name ≤ 150, CNPJ required ('CNPJ é obrigatório'), street
 * ≤ 150, number ≤ 10, city ≤ 100, state id > 0 ('Estado é obrigatório'), email empty or valid
 * ('Email inválido') ≤ 100, is_active (default true).
 * - dealership: the CNPJ 14 characters with valid check digits — numeric or the alphanumeric CNPJ
 *   of 2026 — else 'CNPJ inválido'; CEP empty or 8 digits ('CEP inválido'); phone empty or 10–11
 *   digits ('Telefone inválido');
 * - dispatcher: no digit-count checks: CNPJ 2–18, CEP ≤ 10, phone ≤ 20 (the server's texts:
 *   'CNPJ inválido', 'CEP inválido', 'Telefone inválido').
 * The spec gives no text for the maximum lengths (ours, the server's: docs/decisions.md). Masked
 * fields already hold bare values (DocumentField, CepField, PhoneField).
 */
export function companyFormSchemaFor(kind: CompanyKind) {
  const dealer = kind === 'company';
  return z.object({
    trade_name: z.string().trim().min(2, 'Nome fantasia é obrigatório').max(150, 'Nome fantasia deve ter no máximo 150 caracteres'),
    legal_name: optionalText(150, 'Razão social deve ter no máximo 150 caracteres'),
    cnpj: dealer
      ? z
          .string()
          .min(1, 'CNPJ é obrigatório')
          .refine((v) => v === '' || isValidCnpjDocument(v), 'CNPJ inválido')
      : z.string().trim().min(2, 'CNPJ é obrigatório').max(18, 'CNPJ inválido'),
    email: z
      .string()
      .trim()
      .max(100, 'Email deve ter no máximo 100 caracteres')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Email inválido'),
    phone_number: dealer ? z.string().refine((v) => v === '' || /^\d{10,11}$/.test(v), 'Telefone inválido') : z.string().max(20, 'Telefone inválido'),
    address_street: optionalText(150, 'Endereço deve ter no máximo 150 caracteres'),
    address_number: optionalText(10, 'Número deve ter no máximo 10 caracteres'),
    address_postal_code: dealer ? z.string().refine((v) => v === '' || /^\d{8}$/.test(v), 'CEP inválido') : z.string().max(10, 'CEP inválido'),
    address_city: optionalText(100, 'Cidade deve ter no máximo 100 caracteres'),
    address_state_id: z.number().int().positive('Estado é obrigatório'),
    is_active: z.boolean(),
  });
}

/** The dealership form's schema (spec 001 §5 "Company form"), see {@link companyFormSchemaFor}. */
export const companyFormSchema = companyFormSchemaFor('company');
/** The dispatcher form's schema (spec 001 §5 "Dispatcher form"), see {@link companyFormSchemaFor}. */
export const dispatcherFormSchema = companyFormSchemaFor('dispatcher');
export type CompanyFormValues = z.input<typeof companyFormSchema>;

/** The form values of a loaded company (edit) or of a new one (Ativa by default, spec 001 §9). */
export const companyToForm = (c?: Company): CompanyFormValues => ({
  trade_name: c?.trade_name ?? '',
  legal_name: c?.legal_name ?? '',
  cnpj: sanitizeDocument(c?.cnpj ?? ''),
  email: c?.email ?? '',
  phone_number: (c?.phone_number ?? '').replace(/\D/g, ''),
  address_street: c?.address_street ?? '',
  address_number: c?.address_number ?? '',
  address_postal_code: (c?.address_postal_code ?? '').replace(/\D/g, ''),
  address_city: c?.address_city ?? '',
  address_state_id: c?.address_state_id?.id ?? 0,
  is_active: c?.is_active ?? true,
});

/** The `{data}` of POST /companies and PUT /companies/{documentId}. */
export interface CompanyPayload {
  trade_name: string;
  legal_name: string | null;
  cnpj: string;
  email: string | null;
  phone_number: string | null;
  address_street: string | null;
  address_number: string | null;
  address_postal_code: string | null;
  address_city: string | null;
  address_state_id: number;
  is_active: boolean;
}

/**
 * Valid form values (of the `kind`'s rules) → the payload: the CNPJ bare and upper case, phone and CEP digits only (spec
 * 001 §5 "Masks"), optional texts left empty sent as null, the state as its numeric id.
 * @throws ZodError when the values are invalid
 */
export function companyFormToPayload(values: CompanyFormValues, kind: CompanyKind = 'company'): CompanyPayload {
  const v = companyFormSchemaFor(kind).parse(values);
  const orNull = (s: string) => (s === '' ? null : s);
  return {
    trade_name: v.trade_name,
    legal_name: orNull(v.legal_name),
    cnpj: sanitizeDocument(v.cnpj),
    email: orNull(v.email),
    phone_number: orNull(v.phone_number),
    address_street: orNull(v.address_street),
    address_number: orNull(v.address_number),
    address_postal_code: orNull(v.address_postal_code),
    address_city: orNull(v.address_city),
    address_state_id: v.address_state_id,
    is_active: v.is_active,
  };
}
