import { errors } from '@strapi/utils';
import * as z from 'zod';

/**
 * What an export asks for besides the list's own query (docs/architecture.md "Export"): the
 * `export` query parameter, one JSON object
 * `{format: 'csv'|'xlsx', name, timeZone?, columns: [{header, value, format?, labels?, fallback?}]}`.
 *
 * - `name`: the list's title ('Pedidos'); the file is `<name as a slug>-<yyyy-MM-dd>.<format>`.
 * - `timeZone`: the IANA zone the PWA shows dates in (the browser's); default America/Sao_Paulo.
 * - a column: its `header` as the list shows it, the attribute paths it reads in the record as the
 *   list's GET answers it (`customer_id.cpf_cnpj`; the first non-empty of up to 4 wins), how its value
 *   is written (`format`, {@link CELL_FORMATS}) and, for `label`, the label of each stored value
 *   (`labels`) and of any other; `fallback` is also what an empty value writes in any format; `when` writes it with another format when a
 *   field of the record holds a value (a sales item's price is a percentage for `billing_type` percentage).
 * Columns read only the answer the list itself would get (already sanitised), so a path can never
 * reach a field the list does not show.
 */

/** How a column's value is written: text as is; numbers; reais as BRL; 0–100 with %; dates dd/MM/yyyy; documents, phones, CEPs with their masks; a label (Sim/Não, a status); a person's name. */
export const CELL_FORMATS = ['text', 'integer', 'decimal', 'money', 'percent', 'date', 'datetime', 'document', 'phone', 'cep', 'label', 'person'] as const;
export type CellFormat = (typeof CELL_FORMATS)[number];

/** Names a path segment may never take (they would read the prototype, not the record). */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const path = z
  .string()
  .max(200)
  .refine((p) => p.split('.').length <= 4 && p.split('.').every((s) => SEGMENT.test(s) && !FORBIDDEN.has(s)), 'caminho de campo inválido');

const column = z.strictObject({
  header: z.string().trim().min(1).max(100),
  value: z.array(path).min(1).max(4),
  format: z.enum(CELL_FORMATS).default('text'),
  labels: z.record(z.string().max(60), z.string().max(100)).optional(),
  fallback: z.string().max(100).optional(),
  when: z.strictObject({ value: path, equals: z.string().max(60), format: z.enum(CELL_FORMATS) }).optional(),
});

const spec = z.strictObject({
  format: z.enum(['csv', 'xlsx']),
  name: z.string().trim().min(1).max(80),
  timeZone: z.string().min(1).max(64).optional(),
  columns: z.array(column).min(1).max(40),
});

export type ExportColumn = z.infer<typeof column>;

/** A checked export request. */
export interface ExportSpec {
  format: 'csv' | 'xlsx';
  name: string;
  timeZone: string;
  columns: ExportColumn[];
}

const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** zod's Portuguese messages, for this parse only (Strapi shares this zod and keeps its own). */
const portuguese = z.locales.pt().localeError;

function refuse(message: string): never {
  throw new errors.ValidationError(`Exportação inválida: ${message}`, { source: 'query', param: 'export' });
}

/** True when Intl knows the zone. */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('pt-BR', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the `export` query parameter (a JSON string) into an {@link ExportSpec}.
 * @throws ValidationError (400 'Exportação inválida: …', in Portuguese) when it is missing, not JSON, or not the shape above.
 */
export function parseExportSpec(raw: unknown): ExportSpec {
  if (typeof raw !== 'string' || raw === '') refuse('informe o parâmetro export (formato, nome e colunas).');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    refuse('o parâmetro export não é um JSON válido.');
  }
  const parsed = spec.safeParse(json, { error: portuguese });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    refuse(`${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'formato desconhecido'}.`);
  }
  const timeZone = parsed.data.timeZone ?? DEFAULT_TIME_ZONE;
  if (!knownZone(timeZone)) refuse(`fuso horário desconhecido (${timeZone}).`);
  return { ...parsed.data, timeZone };
}
