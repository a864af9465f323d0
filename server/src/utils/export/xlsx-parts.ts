import { XLSX_NUMBER_FORMATS, type XlsxCell } from './cells';
import type { ExportColumn } from './spec';

/**
 * The XML parts of an export's XLSX file (Office Open XML, SpreadsheetML): one worksheet, a bold
 * header row frozen at the top, each column's width and number format, typed cells and text as
 * inline strings (no shared-strings table: nothing in the file but the sheet grows with the rows).
 * The fixed parts are small strings; the sheet is written as its head, one row at a time, and its
 * foot, so the writer can stream it (utils/export/writers.ts).
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Characters XML 1.0 does not allow (control characters but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF). */
const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** The most characters an Excel cell holds. */
const CELL_MAX = 32767;

/** `text` fit for XML text or an attribute value: characters XML 1.0 forbids removed, `&<>"'` escaped. */
export function xmlText(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** How the sheet lays out each column: its letter, its width (characters) and its cell style (index into cellXfs; 0 = General). */
export interface SheetLayout {
  columns: { letter: string; width: number; style: number }[];
  /** The custom number format codes, numFmtId 164 + index, cell style 2 + index (0 is General, 1 the bold header). */
  numFmts: string[];
}

/** The column's letters of a 0-based index (0 → A, 26 → AA). */
function letterOf(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The layout of the export's columns: widths from the header (text columns wider), the number format of each column's format ({@link XLSX_NUMBER_FORMATS}). */
export function sheetLayout(columns: readonly ExportColumn[]): SheetLayout {
  const numFmts: string[] = [];
  return {
    numFmts,
    columns: columns.map((c, i) => {
      const code = XLSX_NUMBER_FORMATS[c.format];
      if (code && !numFmts.includes(code)) numFmts.push(code);
      return {
        letter: letterOf(i),
        width: Math.min(Math.max(c.header.length + 2, c.format === 'text' || c.format === 'person' ? 24 : 14), 60),
        style: code ? 2 + numFmts.indexOf(code) : 0,
      };
    }),
  };
}

/** Days from Excel's day 0 (1899-12-30, the 1900 date system) to 1970-01-01. */
const EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** One cell's XML (empty for an empty cell): a number or a date as a number, text as an inline string. */
function cellXml(ref: string, cell: XlsxCell, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : '';
  if (cell instanceof Date) {
    const time = cell.getTime();
    return Number.isNaN(time) ? '' : `<c r="${ref}"${s}><v>${time / DAY_MS + EPOCH_DAYS}</v></c>`;
  }
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.slice(0, CELL_MAX))}</t></is></c>`;
}

/** Row `r` (1-based; row 1 is the header) of the sheet, its cells in the layout's columns. */
export function rowXml(r: number, cells: readonly XlsxCell[], layout: SheetLayout): string {
  let xml = `<row r="${r}">`;
  cells.forEach((cell, i) => {
    const column = layout.columns[i];
    if (column) xml += cellXml(`${column.letter}${r}`, cell, column.style);
  });
  return `${xml}</row>`;
}

/** The sheet's head: the frozen first row, the columns' widths and styles, and the header row in bold (style 1). */
export function sheetHead(headers: readonly string[], layout: SheetLayout): string {
  const cols = layout.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style ? ` style="${c.style}"` : ''}/>`);
  const header = rowXml(1, headers, { ...layout, columns: layout.columns.map((c) => ({ ...c, style: 1 })) });
  return (
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols.join('')}</cols><sheetData>${header}`
  );
}

/** The sheet's foot, after the last row. */
export const SHEET_FOOT = '</sheetData></worksheet>';

/** The sheet's path in the package. */
export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** The styles part: the custom number formats, a regular and a bold font, General (0), the bold header (1), then one style per number format. */
function stylesXml(layout: SheetLayout): string {
  const fmts = layout.numFmts.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlText(code)}"/>`).join('');
  const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    ...layout.numFmts.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`),
  ];
  return (
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (fmts ? `<numFmts count="${layout.numFmts.length}">${fmts}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

/** The package's parts but the sheet, as [path, XML]: content types, relationships, the workbook naming its one sheet `sheetName`, the styles. */
export function workbookParts(sheetName: string, layout: SheetLayout): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE_TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/${SHEET_PATH}" ContentType="${OFFICE_TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${OFFICE_TYPE}.styles+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', stylesXml(layout)],
  ];
}
