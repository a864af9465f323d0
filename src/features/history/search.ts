/** The screen's filters as the URL carries them (route /history): author id, and the period's first and last day (AAAA-MM-DD). */
export interface HistorySearch {
  user?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `validateSearch` of /history: anything malformed is dropped (plain code: route files load with every page). */
export function validateHistorySearch(search: Record<string, unknown>): HistorySearch {
  const user = Number(search.user);
  const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);
  return { user: Number.isInteger(user) && user > 0 ? user : undefined, from: day(search.from), to: day(search.to) };
}
