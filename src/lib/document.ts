import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import type { MaskitoOptions } from '@maskito/core';

/**
 * CPF/CNPJ as typed on the login (spec 000 §5 "Login") and wherever a CNPJ is typed.
 * Besides the numeric documents it accepts the alphanumeric CNPJ issued from July 2026
 * (letters allowed in the first 12 positions, the 2 check digits numeric), see
 * docs/decisions.md. Letters are kept upper-case.
 */

const ALNUM = /[0-9A-Za-z]/;
const DIGIT = /\d/;
const CPF_MASK = [DIGIT, DIGIT, DIGIT, '.', DIGIT, DIGIT, DIGIT, '.', DIGIT, DIGIT, DIGIT, '-', DIGIT, DIGIT];
const CNPJ_MASK = [ALNUM, ALNUM, '.', ALNUM, ALNUM, ALNUM, '.', ALNUM, ALNUM, ALNUM, '/', ALNUM, ALNUM, ALNUM, ALNUM, '-', DIGIT, DIGIT];

/**
 * The bare document: upper-case letters and digits only, at most 14 characters, letters
 * only in the first 12 positions. This is what is sent as `identifier` / stored as `username`.
 */
export function sanitizeDocument(input: string): string {
  let out = '';
  for (const ch of input.toUpperCase()) {
    if (out.length >= 14) break;
    if (/\d/.test(ch)) out += ch;
    else if (/[A-Z]/.test(ch) && out.length < 12) out += ch;
  }
  return out;
}

/** True when the bare document holds a letter (so it can only be an alphanumeric CNPJ). */
export function isAlphanumeric(doc: string): boolean {
  return /[A-Z]/i.test(doc);
}

/**
 * The live message under the CPF/CNPJ field (spec 000 §5), or undefined when there is
 * nothing to say. Empty is valid while typing (the field is required on submit).
 * Digits: 1–10 'CPF incompleto'; 11 'CPF inválido' when the check digits fail or all are
 * equal; 12–13 'CNPJ incompleto'; 14 'CNPJ inválido' when the check fails.
 * With a letter (alphanumeric CNPJ): fewer than 14 'CNPJ incompleto', 14 'CNPJ inválido' on
 * a failed check. Anything else: 'Documento inválido'.
 */
export function documentMessage(input: string): string | undefined {
  const raw = input.replace(/[\s.\-/]/g, '').toUpperCase();
  if (!raw) return undefined;
  if (!/^[0-9A-Z]+$/.test(raw) || raw.length > 14) return 'Documento inválido';
  if (isAlphanumeric(raw)) {
    if (/[A-Z]/.test(raw.slice(12))) return 'Documento inválido';
    if (raw.length < 14) return 'CNPJ incompleto';
    return isValidCnpj(raw, { version: 2 }) ? undefined : 'CNPJ inválido';
  }
  if (raw.length <= 10) return 'CPF incompleto';
  if (raw.length === 11) return isValidCpf(raw) && !/^(\d)\1{10}$/.test(raw) ? undefined : 'CPF inválido';
  if (raw.length <= 13) return 'CNPJ incompleto';
  return isValidCnpj(raw, { version: 2 }) && !/^(\d)\1{13}$/.test(raw) ? undefined : 'CNPJ inválido';
}

/** True for a complete, valid CPF or CNPJ (numeric or alphanumeric). */
export function isValidDocument(input: string): boolean {
  const doc = sanitizeDocument(input);
  return (doc.length === 11 || doc.length === 14) && documentMessage(doc) === undefined;
}

/** Picks the mask for what is typed: CPF up to 11 digits, CNPJ beyond that or with a letter. */
function documentMask(value: string) {
  const bare = value.replace(/[^0-9A-Za-z]/g, '');
  return isAlphanumeric(bare) || bare.length > 11 ? CNPJ_MASK : CPF_MASK;
}

/**
 * Maskito options of the CPF/CNPJ input: 000.000.000-00 up to 11 digits, otherwise
 * 00.000.000/0000-00 (letters allowed before the check digits), upper-cased.
 */
export const documentMaskOptions: MaskitoOptions = {
  mask: ({ value }) => documentMask(value),
  preprocessors: [
    ({ elementState, data }) => ({
      elementState: { ...elementState, value: elementState.value.toUpperCase() },
      data: data.toUpperCase(),
    }),
  ],
};

/**
 * Maskito options of a CNPJ-only input (company and dispatcher forms, spec 001 §5 "Masks"):
 * 00.000.000/0000-00, letters allowed in the first 12 positions (alphanumeric CNPJ), upper-cased.
 * Send `sanitizeDocument(value)`.
 */
export const cnpjMaskOptions: MaskitoOptions = {
  mask: CNPJ_MASK,
  preprocessors: documentMaskOptions.preprocessors ?? [],
};

/** True for a complete CNPJ with valid check digits, numeric or alphanumeric. */
export function isValidCnpjDocument(input: string): boolean {
  const doc = sanitizeDocument(input);
  return doc.length === 14 && documentMessage(doc) === undefined;
}

/**
 * Formats a stored document for display: 11 digits as CPF, 14 characters as CNPJ
 * (alphanumeric included); anything else is returned unchanged.
 */
export function formatDocument(value: string | null | undefined): string {
  const doc = (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (doc.length === 11 && !isAlphanumeric(doc)) return formatCpf(doc);
  if (doc.length === 14) return formatCnpj(doc, { version: 2 });
  return value ?? '';
}
