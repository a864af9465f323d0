import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { XLSX_NUMBER_FORMATS, csvRow, xlsxRow } from './cells';
import type { ExportSpec } from './spec';

/**
 * The two file writers of an export, from the libraries (csv-stringify, exceljs's streaming
 * WorkbookWriter), behind one shape the export loop drives: `stream` is the answer's body, `add`
 * writes one record, `room()` resolves once the body has taken what was written (backpressure: the
 * loop reads the next batch only then), `end()` finishes the file.
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

function xlsxWriter(spec: ExportSpec): ExportWriter {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(spec.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c, i) => ({
    key: String(i),
    width: Math.min(Math.max(c.header.length + 2, c.format === 'text' || c.format === 'person' ? 24 : 14), 60),
    style: XLSX_NUMBER_FORMATS[c.format] ? { numFmt: XLSX_NUMBER_FORMATS[c.format] } : {},
  }));
  const header = sheet.addRow(spec.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    add: (record) => sheet.addRow(xlsxRow(record, spec.columns, spec.timeZone)).commit(),
    room: () => drained(out),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** The writer of `spec.format`. */
export function exportWriter(spec: ExportSpec): ExportWriter {
  return spec.format === 'csv' ? csvWriter(spec) : xlsxWriter(spec);
}
