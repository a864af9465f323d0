// lightFormat (numeric tokens only): `format` would bring the text formatters (lib/format.ts).
import { isValid, lightFormat, parseISO } from 'date-fns';

/**
 * The calendar inputs of the order and receivable forms edit a datetime (billing_date,
 * payment_date; spec 001 §3) through `<input type="date">`: they show the local day and,
 * when the day changes, keep the time of day of the current value (so a new record keeps
 * "now" and an edited one keeps its original time).
 */

/** ISO instant → local `yyyy-MM-dd` for a date input; '' when empty or invalid. */
export function isoToDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? lightFormat(d, 'yyyy-MM-dd') : '';
}

/**
 * A date input's `yyyy-MM-dd` applied to `currentIso` (its local time of day is kept; midnight
 * when there is none) → ISO instant. '' (the user cleared the field) gives ''.
 */
export function dateInputToIso(day: string, currentIso?: string | null): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return '';
  const base = currentIso ? parseISO(currentIso) : null;
  const time = base && isValid(base) ? base : new Date(0, 0, 1, 0, 0, 0, 0);
  const out = new Date(y, m - 1, d, time.getHours(), time.getMinutes(), time.getSeconds(), time.getMilliseconds());
  return isValid(out) ? out.toISOString() : '';
}
