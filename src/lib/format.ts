import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
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
  return d ? format(d, 'dd/MM/yyyy', { locale: ptBR }) : '';
}

/** "dd/MM/yyyy às HH:mm" (spec 001 §1, payment timestamps); invalid or empty → "". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? format(d, "dd/MM/yyyy 'às' HH:mm", { locale: ptBR }) : '';
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
