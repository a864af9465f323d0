/**
 * Exact money (spec 001 §1, §5, §9).
 *
 * The API stores amounts in **reais** as decimals with two places; the PWA computes
 * in **centavos** (safe integers) so sums, instalment values and the cents-typing
 * input never drift the way `0.1 + 0.2` does. Convert at the edges only:
 * `toCents` when a value arrives, `toReais` when one is sent, `formatBRL` to show one.
 */

/** Integer number of centavos (R$ 1,00 = 100). A type alias for documentation only. */
export type Cents = number;

/** The one shared pt-BR BRL formatter (constructing Intl formatters is costly). */
export const brlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Upper bound for typed amounts: 13 digits = R$ 99.999.999.999,99, well inside safe integers. */
const MAX_TYPED_DIGITS = 13;

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Converts an amount in reais to centavos, exactly.
 * Accepts what the API may send for a Strapi `decimal`: a number (`123.45`), a decimal
 * string (`"123.45"`, PostgreSQL drivers answer strings) or a pt-BR text (`"R$ 1.234,56"`,
 * `"1.234,5"`). More than two decimal places round half away from zero on the third.
 * `null`, `undefined`, `''` and unparsable text give 0.
 */
export function toCents(value: number | string | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 0;
    // A 2-place decimal times 100 lands within 1e-6 of an integer; the string path
    // handles anything longer exactly.
    const scaled = value * 100;
    const nearest = Math.round(scaled);
    if (Math.abs(scaled - nearest) < 1e-6) return nearest === 0 ? 0 : nearest;
    return decimalStringToCents(String(value));
  }
  const text = value.trim();
  if (text === '') return 0;
  // pt-BR text: a comma is the decimal separator and dots group thousands.
  const normalised = text.includes(',') ? text.replace(/[^\d,+-]/g, '').replace(',', '.') : text.replace(/[^\d.+-]/g, '');
  return decimalStringToCents(normalised);
}

function decimalStringToCents(text: string): Cents {
  // Exponent notation (from String(1e-7)) is below a centavo either way.
  if (/e/i.test(text)) return Math.round(Number(text) * 100) || 0;
  const match = DECIMAL_RE.exec(text);
  if (!match) return 0;
  const [, sign, intPart = '', fracPart = ''] = match;
  if (intPart === '' && fracPart === '') return 0;
  const whole = Number(intPart || '0');
  const frac = (fracPart + '00').slice(0, 2);
  const roundUp = fracPart.length > 2 && Number(fracPart[2]) >= 5 ? 1 : 0;
  const cents = whole * 100 + Number(frac) + roundUp;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Converts centavos to reais for the API body (`12345` → `123.45`). Integer / 100 is the
 * closest double to the decimal, and JSON prints it with exactly those digits.
 * @throws RangeError when `cents` is not an integer (a bug upstream: cents must stay exact).
 */
export function toReais(cents: Cents): number {
  if (!Number.isInteger(cents)) throw new RangeError(`centavos deve ser inteiro: ${cents}`);
  return cents / 100;
}

/** Formats centavos as BRL in pt-BR: `12345` → `"R$ 123,45"` (Intl puts U+00A0 after `R$`). */
export function formatBRL(cents: Cents): string {
  return brlFormatter.format(cents / 100);
}

/** Formats an API amount in reais (number or decimal string) as BRL; null/undefined → R$ 0,00. */
export function formatReais(value: number | string | null | undefined): string {
  return formatBRL(toCents(value));
}

/**
 * The cents-typing input rule (spec 001 §5 "Amount typed as digits is read as cents"):
 * every non-digit is dropped and the digits are read as centavos, so typing `1`,`2`,`3`,`4`,`5`
 * gives `12345` centavos = R$ 123,45. Leading zeros are ignored; more than 13 digits keep
 * the first 13. Empty input gives 0.
 */
export function digitsToCents(input: string): Cents {
  const digits = input.replace(/\D/g, '').replace(/^0+/, '').slice(0, MAX_TYPED_DIGITS);
  return digits === '' ? 0 : Number(digits);
}

/** Sums centavos; integers in, integer out (no float drift). */
export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Sums API amounts in reais exactly (each converted with {@link toCents}); returns centavos. */
export function sumReais(values: Iterable<number | string | null | undefined>): Cents {
  let total = 0;
  for (const v of values) total += toCents(v);
  return total;
}

/**
 * Splits `amount` centavos into `n` instalments that add up to the amount exactly.
 * Every instalment is `floor(amount / n)`; the remainder (`amount mod n`, fewer than n
 * centavos) goes one centavo each to the **first** instalments, so the first instalment is
 * never smaller than the last and the gap is at most one centavo.
 * Example: R$ 100,00 in 3 → [3334, 3333, 3333].
 * @throws RangeError when `n` is not an integer ≥ 1 or `amount` is not a non-negative integer.
 */
export function splitInstallments(amount: Cents, n: number): Cents[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`parcelas deve ser inteiro ≥ 1: ${n}`);
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`valor deve ser centavos ≥ 0: ${amount}`);
  const base = Math.floor(amount / n);
  const remainder = amount - base * n;
  return Array.from({ length: n }, (_, i) => (i < remainder ? base + 1 : base));
}

/**
 * The instalment value shown to the user (spec 001 §5 "Installment value = amount / n"):
 * the first instalment of {@link splitInstallments}, i.e. `ceil(amount / n)` centavos.
 * With R$ 100,00 in 3 that is R$ 33,34 (then 33,33 and 33,33).
 * Returns 0 when `n` < 1.
 */
export function installmentValue(amount: Cents, n: number): Cents {
  if (!Number.isInteger(n) || n < 1 || amount <= 0) return 0;
  return splitInstallments(amount, n)[0] ?? 0;
}
