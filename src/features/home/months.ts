const SHORT = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const LONG = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

const parts = (month: string): [number, number] => {
  const [y, m] = month.split('-').map(Number);
  return [y ?? 0, (m ?? 1) - 1];
};

/** 'YYYY-MM' → 'jan/26' (the chart's axis, the table's first column). */
export function shortMonth(month: string): string {
  const [y, m] = parts(month);
  return `${SHORT[m] ?? '?'}/${String(y).slice(-2)}`;
}

/** 'YYYY-MM' → 'janeiro de 2026' (what a screen reader says for the month). */
export function longMonth(month: string): string {
  const [y, m] = parts(month);
  return `${LONG[m] ?? '?'} de ${y}`;
}
