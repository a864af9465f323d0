// lightFormat, not format: these patterns are numeric, and `format` brings date-fns' text
// formatters and its default locale (~3 KiB gzipped) to every screen that shows a date.
import { isValid, lightFormat, parseISO } from 'date-fns';
import { formatCep, formatPhone } from '@brazilian-utils/brazilian-utils';

// Money (BRL, reais ↔ centavos) lives in lib/money.ts.

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : parseISO(value);
  return isValid(d) ? d : null;
}

/** dd/MM/yyyy (spec 000 §1); invalid or empty → "". */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? lightFormat(d, 'dd/MM/yyyy') : '';
}

/** "dd/MM/yyyy às HH:mm" (spec 001 §1, payment timestamps); invalid or empty → "". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? lightFormat(d, "dd/MM/yyyy 'às' HH:mm") : '';
}

/** CEP 00000-000 from its digits; anything else unchanged. */
export function formatCEP(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 8 ? formatCep(digits) : (value ?? '');
}

/** Phone (DD) 0000-0000 or (DD) 00000-0000 from its digits; anything else unchanged. */
export function formatPhoneNumber(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? formatPhone(digits, { mask: 'nanp' }) : (value ?? '');
}
