import { formatDocument } from './document';
import { formatCEP, formatDate, formatPhoneNumber } from './format';
import { formatBRL, formatReais } from './money';

/**
 * Theirs against mine (docs/frontend.md "Edits that never overwrite a colleague's"): the pure part
 * of a refused save. Form values are plain (text, centavos, ISO instants, ids, booleans), compared
 * as JSON; each field of a form says how a person reads its value ({@link FieldDisplay}), which is
 * plain data too, so a queued update keeps it with the item.
 */

/** How a form field's value reads: its label (the form's pt-BR text) and its kind. */
export interface FieldDisplay {
  label: string;
  /**
   * text as typed; money in centavos (R$ 1.234,56), reais an amount in reais (the same); date an ISO instant (dd/MM/yyyy); boolean
   * Sim/Não; number and percent (0–100) in pt-BR; document CPF/CNPJ, phone and cep with their
   * masks; options a value among `options` (a status, a relation's id), read as its label.
   */
  kind: 'text' | 'money' | 'reais' | 'date' | 'boolean' | 'number' | 'percent' | 'document' | 'phone' | 'cep' | 'options';
  /** For `options`: each value (as a string) → its label ('pending' → 'Pendente', '7' → 'Maria'). */
  options?: Record<string, string>;
}

/** The fields of a form by name. */
export type FieldDisplays = Record<string, FieldDisplay>;

/** Form values by field name. */
export type FormValues = Record<string, unknown>;

/** What an empty value reads as. */
export const EMPTY_VALUE = '—';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** `value` as a person reads it under `display` (money BRL, dates dd/MM/yyyy, a relation's label); '—' when empty. */
export function showValue(display: FieldDisplay, value: unknown): string {
  if (display.kind === 'boolean') return value ? 'Sim' : 'Não';
  if (display.kind === 'options') {
    const label = display.options?.[String(value ?? '')];
    if (label !== undefined) return label;
    return isEmpty(value) || value === 0 ? EMPTY_VALUE : `#${String(value)}`;
  }
  if (isEmpty(value)) return EMPTY_VALUE;
  switch (display.kind) {
    case 'money':
      return formatBRL(Number(value) || 0);
    case 'reais':
      return formatReais(Number(value) || 0);
    case 'date':
      return formatDate(String(value)) || String(value);
    case 'number':
      return Number(value).toLocaleString('pt-BR');
    case 'percent':
      return `${Number(value).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
    case 'document':
      return formatDocument(String(value));
    case 'phone':
      return formatPhoneNumber(String(value));
    case 'cep':
      return formatCEP(String(value));
    default:
      return String(value);
  }
}

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  // '' and null and undefined are all "empty" in a form
  return isEmpty(value) ? 'null' : JSON.stringify(value);
};

/** True when two form values are the same (deep, key order aside; '', null and undefined alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** The fields whose value in `mine` differs from `base` (the values the user started from): what the user changed. */
export function changedFields(base: FormValues, mine: FormValues): string[] {
  return Object.keys(mine).filter((name) => !sameValue(base[name], mine[name]));
}

/** One line of "theirs vs mine": the field's label and both values as a person reads them. */
export interface ConflictRow {
  name: string;
  label: string;
  theirs: string;
  mine: string;
  /** True when the user changed this field (mine wins on it with 'Manter as minhas'). */
  changedByMe: boolean;
}

/**
 * The fields that differ between `theirs` (the record now, as form values) and `mine` (what the
 * user would save), in the order of `displays`, each read through its display; fields without a
 * display (not on screen) are left out. `base` (the values the user started from) marks the fields
 * the user changed.
 */
export function conflictRows(displays: FieldDisplays, base: FormValues, mine: FormValues, theirs: FormValues): ConflictRow[] {
  return Object.entries(displays)
    .filter(([name]) => !sameValue(mine[name], theirs[name]))
    .map(([name, display]) => ({
      name,
      label: display.label,
      theirs: showValue(display, theirs[name]),
      mine: showValue(display, mine[name]),
      changedByMe: !sameValue(base[name], mine[name]),
    }));
}

/**
 * 'Manter as minhas': the record as they left it (`theirs`) with the user's changes on top (the
 * fields where `mine` differs from `base`, the values the user started from). Their other changes stay.
 */
export function keepMine<T extends FormValues>(base: FormValues, mine: T, theirs: T): T {
  const merged: FormValues = { ...theirs };
  for (const name of changedFields(base, mine)) merged[name] = mine[name];
  return merged as T;
}
