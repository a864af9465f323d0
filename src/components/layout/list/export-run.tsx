import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { toast } from '@/components/ui/toast';
import { downloadFile, saveFile } from '@/lib/api/download';
import { errorMessage } from '@/lib/api/errors';
import type { ListRequest } from '@/lib/api/list-request';
import { formatFileSize } from '@/lib/files/file-size';
import type { ExportColumnSpec } from './export-columns';
import { exportRequestColumns, type ExportFormat } from './export-menu';

const s = {
  root: css({ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: '2' }),
  status: css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' }),
  progress: css({ w: '24', h: '2', accentColor: 'primary.500' }),
  cancel: css({ textDecoration: 'underline', cursor: 'pointer', color: 'primary.700' }),
};

const count = new Intl.NumberFormat('pt-BR');
/** The choices whose download has started. */
const started = new WeakSet<AbortController>();

export interface ExportRunProps {
  format: ExportFormat;
  /** Aborts the download ('Cancelar exportação'). */
  controller: AbortController;
  request: ListRequest;
  columns: readonly ExportColumnSpec[];
  title: string;
  total?: number | undefined;
  /** The export ended (saved, cancelled or refused): the menu comes back. */
  onDone: () => void;
}

/**
 * An export under way (ExportMenu's, loaded when a format is chosen): asks the server for the
 * file (`<path>/export`, the list's filters, search and sort, every page), shows the rows (CSV, of
 * the list's total) or bytes (XLSX) received and 'Cancelar exportação', saves the file under the
 * server's name, and toasts the outcome ('Exportação concluída', 'Exportação cancelada', or the
 * server's message).
 */
export default function ExportRun({ format, controller, request, columns, title, total, onDone }: ExportRunProps) {
  const [received, setReceived] = useState({ bytes: 0, lines: 0 });
  useEffect(() => {
    const run = async () => {
      try {
        const { pagination: _pagination, ...query } = request.query;
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        const spec = JSON.stringify({ format, name: title, timeZone, columns: exportRequestColumns(columns) });
        const file = await downloadFile(
          `${request.path}/export`,
          { ...query, export: spec },
          { signal: controller.signal, fallbackName: `exportacao.${format}`, onProgress: setReceived },
        );
        saveFile(file);
        toast({ title: 'Exportação concluída', description: file.fileName });
      } catch (error) {
        if (controller.signal.aborted) toast({ title: 'Exportação cancelada', description: `A exportação de ${title} foi cancelada.` });
        else toast({ title: 'Erro', description: errorMessage(error, 'Não foi possível exportar a lista.'), variant: 'destructive' });
      } finally {
        onDone();
      }
    };
    // one download per choice (its controller), even when React mounts this twice (StrictMode)
    if (started.has(controller)) return;
    started.add(controller);
    void run();
  }, [format, controller, request, columns, title, onDone]);

  const rows = Math.max(received.lines - 1, 0);
  const csvTotal = format === 'csv' && total ? total : undefined;
  return (
    <div className={s.root}>
      <span role="status" className={s.status}>
        {csvTotal !== undefined ? <progress className={s.progress} value={Math.min(rows, csvTotal)} max={csvTotal} aria-hidden /> : null}
        {format === 'csv'
          ? `Exportando... ${count.format(rows)}${csvTotal !== undefined ? ` de ${count.format(csvTotal)}` : ''} linhas`
          : `Exportando... ${formatFileSize(received.bytes)} recebidos`}
      </span>
      <button type="button" className={s.cancel} onClick={() => controller.abort()}>
        Cancelar exportação
      </button>
    </div>
  );
}
