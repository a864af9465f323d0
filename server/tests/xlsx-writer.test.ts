import { Writable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportWriter } from '../src/utils/export/writers';
import { parseExportSpec, type ExportSpec } from '../src/utils/export/spec';

/**
 * The XLSX export writer on its own (no Strapi): driven as the export loop drives it (a batch of
 * records, then `room()`), into a sink that takes the file as a slow answer would, and read back with
 * exceljs. A large file must not grow the process's memory with its rows, and the file must keep
 * its shape: one sheet, the bold frozen header, widths, the number format of each column, typed cells.
 */

const SPEC = parseExportSpec(
  JSON.stringify({
    format: 'xlsx',
    name: 'Contas a Receber',
    columns: [
      { header: 'Nº', value: ['id'], format: 'integer' },
      { header: 'Cliente', value: ['name'] },
      { header: 'Valor', value: ['amount'], format: 'money' },
      { header: 'Vencimento', value: ['due'], format: 'date' },
      { header: 'Criado em', value: ['createdAt'], format: 'datetime' },
      { header: 'Situação', value: ['status'], format: 'label', labels: { paid: 'Pago', open: 'Em aberto' } },
      { header: 'Observação', value: ['note'] },
    ],
  }),
);

/** Record `i`: a long note that differs from row to row, so the sheet's XML is large and compresses only so much. */
const record = (i: number) => ({
  id: i,
  name: `Cliente ${i}`,
  amount: ((i * 137) % 100000) / 100,
  due: `2026-${String((i % 12) + 1).padStart(2, '0')}-15`,
  createdAt: '2026-03-10T15:45:00.000Z',
  status: i % 2 ? 'paid' : 'open',
  note: `${i.toString(36).repeat(80)} ${(i * 7919).toString(16).repeat(60)}`,
});

/** A sink that takes each chunk on the next turn of the event loop (a client reading as it goes), keeping the bytes. */
function slowSink(): { sink: Writable; bytes: () => Buffer; done: Promise<void> } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  const done = new Promise<void>((resolve, reject) => sink.on('finish', resolve).on('error', reject));
  return { sink, bytes: () => Buffer.concat(chunks), done };
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** What the process holds after a full collection: the JS heap and the buffers outside it (MB). RSS alone would also count heap pages touched once and kept. */
function liveMb(): number {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1024 / 1024;
}

/** Writes `rows` records in batches of 250, waiting for room after each batch, as utils/export/send.ts does; samples what is held every 2,500 rows. */
async function writeFile(spec: ExportSpec, rows: number, recordOf: (i: number) => unknown) {
  const { sink, bytes, done } = slowSink();
  const writer = exportWriter(spec);
  writer.stream.pipe(sink);
  const before = liveMb();
  const rssBefore = process.memoryUsage().rss;
  let peak = before;
  for (let i = 1; i <= rows; i++) {
    writer.add(recordOf(i));
    if (i % 250 === 0) await writer.room();
    if (i % 2500 === 0) peak = Math.max(peak, liveMb());
  }
  await writer.end();
  await done;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  return { file: bytes(), heldMb: peak - before, rssMb };
}

async function readBack(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

describe('the XLSX export writer', () => {
  it('streams 50,000 rows without the memory growing with them, and the file reads back whole', { timeout: 120_000 }, async () => {
    const { file, heldMb, rssMb } = await writeFile(SPEC, 50_000, record);
    console.log(`XLSX, 50,000 rows, ${file.length} bytes: held at most +${heldMb.toFixed(1)} MB (heap + buffers), RSS ${rssMb.toFixed(1)} MB`);
    // the sheet's XML is ~35 MB: held in memory (the zip's entries, or rows waiting for the zip), this would be more
    expect(heldMb).toBeLessThan(15);
    expect(file.includes('xl/sharedStrings.xml')).toBe(false);

    const sheet = (await readBack(file)).worksheets[0];
    expect(sheet.rowCount).toBe(50_001);
    for (const i of [1, 2, 25_000, 50_000]) {
      const row = sheet.getRow(i + 1);
      const r = record(i);
      expect(row.getCell(1).value).toBe(i);
      expect(row.getCell(2).value).toBe(r.name);
      expect(row.getCell(3).value).toBe(r.amount);
      expect(row.getCell(4).value).toEqual(new Date(`${r.due}T00:00:00Z`));
      expect(row.getCell(7).value).toBe(r.note);
    }
  });

  it('keeps the sheet name, the bold frozen header, the widths and each column number format', async () => {
    const { file } = await writeFile(SPEC, 3, record);
    const workbook = await readBack(file);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Contas a Receber');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual(SPEC.columns.map((c) => c.header));
    SPEC.columns.forEach((_, i) => expect(header.getCell(i + 1).font?.bold).toBe(true));
    expect(sheet.getColumn(2).width).toBe(24);
    expect(sheet.getColumn(3).width).toBe(14);

    const row = sheet.getRow(2);
    expect(row.getCell(1).numFmt).toBeUndefined();
    expect(row.getCell(3).numFmt).toBe('"R$" #,##0.00');
    expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    // 15:45 UTC is 12:45 in São Paulo
    expect(row.getCell(5).value).toEqual(new Date('2026-03-10T12:45:00Z'));
    expect(row.getCell(6).value).toBe('Pago');
    expect(row.getCell(2).font?.bold).toBeFalsy();
  });

  it('strips the characters XML 1.0 forbids and escapes <&>"\' in text and in the sheet name', async () => {
    const spec = { ...SPEC, name: 'Vendas & <Cia> "A"' };
    const name = 'a\u0001b\u0008c\u000B\u001Fd\uFFFEe\uD800f <&>"\' x\ty';
    const { file } = await writeFile(spec, 1, (i) => ({ ...record(i), name }));
    const sheet = (await readBack(file)).worksheets[0];
    expect(sheet.name).toBe('Vendas & <Cia> "A"');
    expect(sheet.getRow(2).getCell(2).value).toBe('abcdef <&>"\' x\ty');
  });
});
