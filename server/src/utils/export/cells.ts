import { formatCep, formatCnpj, formatCpf, formatPhone } from '@brazilian-utils/brazilian-utils';
import { isObject } from '../types';
import type { CellFormat, ExportColumn } from './spec';

/**
 * One record of a list (as its GET answers it, sanitised) → the cells of an export row, in pt-BR
 * (docs/decisions.md "Exporting lists"): dates dd/MM/yyyy in the caller's time zone, reais as BRL with a
 * decimal comma, CPF/CNPJ, phones and CEPs with their masks, labels instead of stored values.
 * A CSV cell is text; an XLSX cell keeps its type (a number, a date) with the Excel format that
 * shows it the same way ({@link XLSX_NUMBER_FORMATS}).
 */

/** An XLSX cell value: text, a number, a date (a day at UTC midnight) or empty. */
export type XlsxCell = string | number | Date | null;

/** Excel number formats of the typed columns (Excel shows them with the reader's separators: R$ 1.234,56 in pt-BR). */
export const XLSX_NUMBER_FORMATS: Partial<Record<CellFormat, string>> = {
  money: '"R$" #,##0.00',
  decimal: '#,##0.00',
  percent: '0.00"%"',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The value at `path` of `row`: own properties only; a list of scalars joins with ', '. */
export function valueAt(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const segment of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  if (Array.isArray(current)) return current.filter((v) => v !== null && typeof v !== 'object').join(', ');
  return current;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';
/** A text on one line: an export row is one line of the CSV (so lines = rows + 1). */
const oneLine = (v: unknown) => String(v).replace(/\s*[\r\n]+\s*/g, ' ');

function toNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** A CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric) with its mask; anything else as it is. */
export function formatDocument(value: unknown): string {
  const raw = String(value ?? '');
  const doc = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(doc)) return formatCpf(doc);
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc)) return formatCnpj(doc, { version: 2 });
  return raw;
}

/** A user relation as the lists name it: its name, else its username (CPF/CNPJ) with the mask, else its e-mail. */
function personName(v: unknown): string {
  if (!isObject(v)) return typeof v === 'string' ? v : '';
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
  return text('name') || (text('username') ? formatDocument(text('username')) : '') || text('email');
}

/** The calendar day and time of an instant in `timeZone`, or of a bare 'yyyy-MM-dd' as written. */
function localParts(v: unknown, timeZone: string): { y: number; m: number; d: number; hh: number; mm: number } | null {
  if (typeof v === 'string' && DAY.test(v)) {
    const [, y, m, d] = DAY.exec(v)!;
    return { y: Number(y), m: Number(m), d: Number(d), hh: 0, mm: 0 };
  }
  const date = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), hh: Number(parts.hour) % 24, mm: Number(parts.minute) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One column's value of `row`, typed: what the XLSX cell holds. */
function typedCell(raw: unknown, format: CellFormat, column: ExportColumn, timeZone: string): XlsxCell {
  switch (format) {
    case 'label': {
      const key = empty(raw) ? null : String(raw);
      if (key !== null && column.labels && Object.hasOwn(column.labels, key)) return column.labels[key]!;
      return column.fallback ?? (key === null ? null : oneLine(key));
    }
    case 'person':
      return personName(raw) || null;
    case 'integer':
    case 'decimal':
    case 'money':
    case 'percent':
      return empty(raw) ? null : (toNumber(raw) ?? oneLine(raw));
    case 'date':
    case 'datetime': {
      const p = empty(raw) ? null : localParts(raw, timeZone);
      if (!p) return empty(raw) ? null : oneLine(raw);
      return new Date(Date.UTC(p.y, p.m - 1, p.d, format === 'datetime' ? p.hh : 0, format === 'datetime' ? p.mm : 0));
    }
    case 'document':
      return empty(raw) ? null : formatDocument(raw);
    case 'phone': {
      const digits = String(raw ?? '').replace(/\D/g, '');
      return empty(raw) ? null : digits.length === 10 || digits.length === 11 ? formatPhone(digits, { mask: 'nanp' }) : oneLine(raw);
    }
    case 'cep': {
      const digits = String(raw ?? '').replace(/\D/g, '');
      return empty(raw) ? null : digits.length === 8 ? formatCep(digits) : oneLine(raw);
    }
    default:
      return empty(raw) ? null : isObject(raw) ? null : oneLine(raw);
  }
}

/** A typed cell as CSV text (pt-BR): BRL with a plain space after R$ (Excel reads it as currency), dd/MM/yyyy, decimal commas. */
function csvText(cell: XlsxCell, format: CellFormat): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const day = `${pad(cell.getUTCDate())}/${pad(cell.getUTCMonth() + 1)}/${cell.getUTCFullYear()}`;
    return format === 'datetime' ? `${day} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}` : day;
  }
  if (typeof cell === 'number') {
    if (format === 'money') return brl.format(cell).replace(/\u00a0/g, ' ');
    if (format === 'percent') return `${decimal.format(cell)}%`;
    if (format === 'integer') return String(cell);
    return decimal.format(cell);
  }
  return cell;
}

/** The format a column takes for `row`: its `when` alternative when that field holds the value named. */
function formatOf(row: unknown, column: ExportColumn): CellFormat {
  const when = column.when;
  return when && String(valueAt(row, when.value) ?? '') === when.equals ? when.format : column.format;
}

/** The first of the column's paths whose cell is not empty (typed), else the column's `fallback`, and the format it was written with. */
function cellOf(row: unknown, column: ExportColumn, timeZone: string): { cell: XlsxCell; format: CellFormat } {
  const format = formatOf(row, column);
  for (const path of column.value) {
    const cell = typedCell(valueAt(row, path), format, column, timeZone);
    if (cell !== null && cell !== '') return { cell, format };
  }
  return { cell: column.fallback ?? null, format };
}

/** Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first): a CSV cell of text gets a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
const TEXT_FORMATS: ReadonlySet<CellFormat> = new Set(['text', 'person', 'label']);

/** The CSV cells of one record. */
export function csvRow(row: unknown, columns: readonly ExportColumn[], timeZone: string): string[] {
  return columns.map((column) => {
    const { cell, format } = cellOf(row, column, timeZone);
    const text = csvText(cell, format);
    return TEXT_FORMATS.has(format) && FORMULA.test(text) ? `'${text}` : text;
  });
}

/** The XLSX cells of one record, typed; a column whose `when` format applies writes text (its own number format would mislabel it). */
export function xlsxRow(row: unknown, columns: readonly ExportColumn[], timeZone: string): XlsxCell[] {
  return columns.map((column) => {
    const { cell, format } = cellOf(row, column, timeZone);
    return format === column.format ? cell : csvText(cell, format);
  });
}
