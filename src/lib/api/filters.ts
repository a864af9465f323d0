import { endOfDay, isValid, parseISO, startOfDay } from 'date-fns';
import { toCents } from '@/lib/money';

/**
 * Builders of Strapi filter objects shared by every list query (spec 000 §3, spec 001 §7).
 * The one API client serialises them with `qs` (`filters[$and][0][id][$eq]=7`); each feature's
 * `strapi-query.ts` composes them into its list query.
 */

export type StrapiFilter = Record<string, unknown>;

/** Removes accents and lower-cases: 'Cartão de Crédito' → 'cartao de credito'. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** `yyyy-MM-dd` (a local calendar day) → that day's start or end as an ISO instant; invalid → undefined. */
export function dayBoundaryIso(day: string | undefined, edge: 'start' | 'end'): string | undefined {
  // parseISO reads a bare date as that local day (date-fns' `parse` would bring its en-US locale).
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = parseISO(day);
  if (!isValid(date)) return undefined;
  return (edge === 'start' ? startOfDay(date) : endOfDay(date)).toISOString();
}

/**
 * Reads a free-text token as a money amount in reais, for the numeric matches of the
 * free-text search: '150', '150,5', '1.500,00', '150.50' → 150 / 150.5 / 1500 / 150.5.
 * Anything that is not a plain number gives undefined.
 */
export function textAsReais(text: string): number | undefined {
  const t = text.trim().replace(/^R\$\s*/i, '');
  let decimal: string;
  if (/^\d+$/.test(t)) decimal = t;
  else if (/^\d+[.,]\d{1,2}$/.test(t)) decimal = t.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) decimal = t.replace(/\./g, '').replace(',', '.');
  else return undefined;
  return toCents(decimal) / 100;
}

/** A text field of a relation matched with `$containsi`, as a nested filter: `rel.field` → `{rel:{field:{$containsi}}}`. */
export function containsi(path: string, value: string): StrapiFilter {
  return nest(path, { $containsi: value });
}

/** `{a:{b:{...leaf}}}` from `a.b`. */
export function nest(path: string, leaf: unknown): StrapiFilter {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((acc, key) => ({ [key]: acc }), leaf) as StrapiFilter;
}

/** Name/username/email of a user relation, any of them containing the text. */
export function userNameFilter(relationField: string, text: string): StrapiFilter {
  return {
    $or: [containsi(`${relationField}.name`, text), containsi(`${relationField}.username`, text), containsi(`${relationField}.email`, text)],
  };
}
