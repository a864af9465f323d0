import { PassThrough, type Readable, type Writable } from 'node:stream';
import archiver from 'archiver';
import { stringify } from 'csv-stringify';
import { csvRow, xlsxRow } from './cells';
import type { ExportSpec } from './spec';
import { SHEET_FOOT, SHEET_PATH, rowXml, sheetHead, sheetLayout, workbookParts } from './xlsx-parts';

/**
 * The two file writers of an export (csv-stringify; for XLSX the parts of utils/export/xlsx-parts.ts
 * zipped by archiver as they are written, docs/decisions.md "XLSX written as a stream"), behind one shape the
 * export loop drives: `stream` is the answer's body, `add` writes one record, `room()` resolves once
 * the body has taken what was written (backpressure: the loop reads the next batch only then),
 * `end()` finishes the file.
 */
export interface ExportWriter {
  readonly stream: Readable;
  readonly contentType: string;
  add(record: unknown): void;
  room(): Promise<void>;
  end(): Promise<void>;
}

/** CSV: UTF-8 with a BOM (Excel reads the accents), `;` between cells (pt-BR Excel's list separator), CRLF lines, header first. */
export const CSV_OPTIONS = { bom: true, delimiter: ';', record_delimiter: 'windows' } as const;

/** Resolves when `stream` can take more (or is gone: a closed answer never drains); leaves no listener behind. */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

function csvWriter(spec: ExportSpec): ExportWriter {
  const stringifier = stringify(CSV_OPTIONS);
  stringifier.write(spec.columns.map((c) => c.header));
  return {
    stream: stringifier,
    contentType: 'text/csv; charset=utf-8',
    add: (record) => void stringifier.write(csvRow(record, spec.columns, spec.timeZone)),
    room: () => drained(stringifier),
    end: async () => {
      stringifier.end();
      await Promise.resolve();
    },
  };
}

/** A worksheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Dados';

/**
 * XLSX: the fixed parts ({@link workbookParts}) and the sheet zipped by archiver as a stream. The
 * sheet is a PassThrough appended to the archive: `add` writes one row's XML into it, and `room()`
 * waits for it to drain, which happens only as the archive's output is read (zlib and the answer
 * pass backpressure back along the pipes), so neither the rows nor the zip pile up in memory.
 */
function xlsxWriter(spec: ExportSpec): ExportWriter {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const layout = sheetLayout(spec.columns);
  for (const [name, xml] of workbookParts(sheetName(spec.name), layout)) archive.append(xml, { name });
  const sheet = new PassThrough();
  archive.append(sheet, { name: SHEET_PATH });
  const headers = spec.columns.map((c) => c.header);
  sheet.write(sheetHead(headers, layout));
  let row = 1;
  return {
    stream: archive,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    add: (record) => void sheet.write(rowXml(++row, xlsxRow(record, spec.columns, spec.timeZone), layout)),
    room: () => drained(sheet),
    end: async () => {
      sheet.end(SHEET_FOOT);
      await archive.finalize();
    },
  };
}

/** The writer of `spec.format`. */
export function exportWriter(spec: ExportSpec): ExportWriter {
  return spec.format === 'csv' ? csvWriter(spec) : xlsxWriter(spec);
}
