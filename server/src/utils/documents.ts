import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * CPF/CNPJ helpers shared by every content-type that stores a Brazilian tax id
 * (user.username, customer.cpf_cnpj, company.cnpj). Check digits come from
 * @brazilian-utils/brazilian-utils 2.4, whose `isValidCnpj(v, {version: 2})` also
 * accepts the 2026 alphanumeric CNPJ (letters A-Z in the first 12 characters,
 * numeric check digits). Spec 000 §5 "Login", 001 §5.
 */

/** Strips punctuation and spaces, upper-cases letters: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeDocument(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
}

/** true when `value` (bare or punctuated) is an 11-digit CPF with valid check digits. */
export function isCpf(value: unknown): boolean {
  const v = normalizeDocument(value);
  return /^\d{11}$/.test(v) && isValidCpf(v);
}

/** true when `value` is a 14-character CNPJ (numeric or alphanumeric) with valid check digits. */
export function isCnpj(value: unknown): boolean {
  const v = normalizeDocument(value);
  return /^[0-9A-Z]{12}\d{2}$/.test(v) && isValidCnpj(v, { version: 2 });
}

/** true for a valid CPF or CNPJ. */
export function isCpfOrCnpj(value: unknown): boolean {
  return isCpf(value) || isCnpj(value);
}

/**
 * Portuguese message for an invalid document, following spec 000 §5 "Login":
 * 'CPF incompleto' (1–10), 'CPF inválido', 'CNPJ incompleto' (12–13), 'CNPJ inválido',
 * 'Documento inválido'. Returns null when the value is a valid CPF or CNPJ.
 */
export function documentError(value: unknown): string | null {
  const v = normalizeDocument(value);
  if (isCpfOrCnpj(v)) return null;
  const len = v.length;
  if (len >= 1 && len <= 10) return 'CPF incompleto';
  if (len === 11) return 'CPF inválido';
  if (len === 12 || len === 13) return 'CNPJ incompleto';
  if (len === 14) return 'CNPJ inválido';
  return 'Documento inválido';
}
