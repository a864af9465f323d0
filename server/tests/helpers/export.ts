import qs from 'qs';
import { apiUrl, login, type SeedRole } from './api';

/** An export column as the PWA sends it (server/src/utils/export/spec.ts). */
export interface Column {
  header: string;
  value: string[];
  format?: string;
  labels?: Record<string, string>;
  fallback?: string;
  when?: { value: string; equals: string; format: string };
}

export interface ExportAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The body as text (UTF-8, BOM kept). */
  text: string;
  /** The JSON error body of a refusal. */
  error?: { status: number; name: string; message: string };
}

/** GET `<path>/export` as `who` (or anonymous with null) with the list's `query` and the export spec. */
export async function exportFile(
  who: SeedRole | null,
  path: string,
  query: Record<string, unknown>,
  spec: { format: 'csv' | 'xlsx'; name?: string; timeZone?: string; columns: Column[] } | string,
): Promise<ExportAnswer> {
  const exportParam = typeof spec === 'string' ? spec : JSON.stringify({ name: 'Lista', ...spec });
  const search = qs.stringify({ ...query, export: exportParam }, { encodeValuesOnly: true });
  const headers: Record<string, string> = who ? { Authorization: `Bearer ${await login(who)}` } : {};
  const res = await fetch(`${apiUrl()}${path}/export?${search}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let error: ExportAnswer['error'];
  if (res.status >= 400) {
    try {
      error = JSON.parse(text).error;
    } catch {
      /* not JSON */
    }
  }
  return { status: res.status, headers: res.headers, bytes, text, error };
}

/** Every row of a list (`path` with `query`), page after page of 100, as the list's GET answers them. */
export async function listAll(who: SeedRole, path: string, query: Record<string, unknown>): Promise<any[]> {
  const token = await login(who);
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const search = qs.stringify({ ...query, pagination: { page, pageSize: 100 } }, { encodeValuesOnly: true });
    const res = await fetch(`${apiUrl()}${path}?${search}`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path} as ${who}: ${res.status} ${await res.text()}`);
    const body = await res.json();
    const data: any[] = Array.isArray(body) ? body : body.data;
    rows.push(...data);
    const pageCount = body.meta?.pagination?.pageCount ?? 1;
    if (page >= pageCount) return rows;
  }
}

/** A CSV body (`;`, quotes doubled, CRLF) into rows of cells; the BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** dd/MM/yyyy of an instant in São Paulo (the PWA's dates, the export's default time zone). */
export function saoPauloDay(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
  return parts;
}

/** An amount in reais as the export writes it in a CSV: 'R$ 1.234,56' (a plain space). */
export function brl(reais: number | string): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(reais)).replace(/\u00a0/g, ' ');
}
