/**
 * The app's months (docs/decisions.md "The home"): calendar months of Brazil's official time
 * (America/Sao_Paulo), which has kept UTC−03:00 all year since 2019 — so a month starts at 03:00 UTC
 * of its first day.
 */
export const APP_UTC_OFFSET_HOURS = -3;

/** A calendar month of the app's time zone: 'YYYY-MM' and its instants, `from` ≤ t < `to`. */
export interface Month {
  month: string;
  from: Date;
  to: Date;
}

const start = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1, -APP_UTC_OFFSET_HOURS));

/** The `count` months up to and including the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): Month[] {
  const local = new Date(now.getTime() + APP_UTC_OFFSET_HOURS * 3_600_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const months: Month[] = [];
  for (let k = count - 1; k >= 0; k -= 1) {
    const from = start(year, month - k);
    const to = start(year, month - k + 1);
    const label = `${from.getUTCFullYear()}-${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    months.push({ month: label, from, to });
  }
  return months;
}
