import type { AppContext } from '../types';
import type { ExportSpec } from './spec';
import { exportWriter } from './writers';

/**
 * Sends an export as the answer's body, read in batches and written as it goes
 * (docs/architecture.md "Export"): at most one batch of records is held at a time, and the next
 * batch is read only when the answer has taken the previous one (backpressure), so memory does not
 * grow with the number of rows.
 */

/** Records per batch: one Document Service read (with the list's populate) each; EXPORT_BATCH_ROWS (tests: a few, so every export spans batches). */
export const EXPORT_BATCH = Math.max(1, Math.min(5000, Number(process.env.EXPORT_BATCH_ROWS) || 250));

/** Reads the records `start`…`start + limit - 1` of the list, as its GET answers them (sanitised). */
export type BatchReader = (start: number, limit: number) => Promise<unknown[]>;

/** The file's name: the list's title as a slug and the day in `timeZone` ('Contas a Receber' → 'contas-a-receber-2026-11-27.csv'). */
export function exportFileName(spec: ExportSpec, now = new Date()): string {
  const slug =
    spec.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'exportacao';
  // sv-SE writes a day as yyyy-MM-dd
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: spec.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${slug}-${day}.${spec.format}`;
}

/** Logs what cut an export short (Strapi's logger). */
export interface ExportLog {
  error(message: string): void;
}

/**
 * Reads the first batch (so a bad query is still an ordinary 400 answer), then sets the headers
 * (type, `Content-Disposition: attachment` with {@link exportFileName}, no-store) and the body, and
 * keeps writing batches after the handler returns, in the request's own async context (the Document
 * Service middlewares and the output sanitisers read the caller from it). A client that goes away
 * stops the reading; a failure after the first byte cuts the connection (the file must not look
 * complete) and is logged.
 * @throws what `read` throws for the first batch (ValidationError → 400, …)
 */
export async function sendExport(ctx: AppContext, spec: ExportSpec, read: BatchReader, log: ExportLog, batchSize = EXPORT_BATCH): Promise<void> {
  const first = await read(0, batchSize);
  const writer = exportWriter(spec);
  const name = exportFileName(spec);
  let gone = false;
  const closed = new Promise<void>((resolve) =>
    ctx.res.once('close', () => {
      gone = !ctx.res.writableFinished;
      resolve();
    }),
  );
  ctx.set('Content-Type', writer.contentType);
  ctx.set('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = writer.stream;

  const pump = async () => {
    let batch = first;
    let start = 0;
    for (;;) {
      for (const record of batch) writer.add(record);
      await Promise.race([writer.room(), closed]);
      if (gone) return void writer.stream.destroy();
      if (batch.length < batchSize) break;
      start += batch.length;
      batch = await read(start, batchSize);
    }
    await writer.end();
  };
  void pump().catch((err: unknown) => {
    log.error(`export ${ctx.path} stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    writer.stream.destroy();
    ctx.res.destroy();
  });
}
