import { useEffect, useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { columnChooser } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/errors';
import type { ListRequest } from '@/lib/api/list-request';
import { formatFileSize } from '@/lib/files/file-size';
import { useOnline } from '@/lib/offline/outbox-peek';
// types only: the screens outside the kit that render this do not download the list kit for it
import type { ExportColumnSpec } from './export-columns';

/** The columns as the server reads them (server/src/utils/export/spec.ts): `value` a list of paths. */
export function exportRequestColumns(columns: readonly ExportColumnSpec[]): Array<Omit<ExportColumnSpec, 'value'> & { value: string[] }> {
  return columns.map((column) => ({ ...column, value: column.value.split(',').map((path) => path.trim()) }));
}

/** Why 'Exportar' is off while the device has no connection. */
export const EXPORT_OFFLINE_REASON = 'Exportar precisa de conexão';

type ExportFormat = 'csv' | 'xlsx';

// the streamed download (lib/api/download.ts) loads with the first export asked, or when pointed at
const loadDownload = () => import('@/lib/api/download');

interface Running {
  format: ExportFormat;
  bytes: number;
  lines: number;
  controller: AbortController;
}

export interface ExportMenuProps {
  /** The list's request (`list.request`): its path and query, pagination dropped here. */
  request: ListRequest;
  /** The columns to write (`exportColumns`: the user's choice, headers as shown). */
  columns: readonly ExportColumnSpec[];
  /** The list's title: the file's name and the XLSX sheet's. */
  title: string;
  /** The list's total (meta.pagination.total), for the CSV's progress. */
  total?: number;
}

const s = {
  root: css({ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: '2' }),
  menu: css({
    position: 'absolute',
    top: 'calc(100% + 4px)',
    right: '0',
    zIndex: 'popover',
    display: 'grid',
    minW: '40',
    p: '1',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    boxShadow: 'lg',
  }),
  item: css({
    textAlign: 'left',
    px: '3',
    py: '2',
    borderRadius: 'sm',
    cursor: 'pointer',
    _hover: { bg: 'gray.100' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary.500' },
  }),
  status: css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' }),
  progress: css({ w: '24', h: '2', accentColor: 'primary.500' }),
  cancel: css({ textDecoration: 'underline', cursor: 'pointer', color: 'primary.700' }),
  hidden: css({ srOnly: true }),
};

const count = new Intl.NumberFormat('pt-BR');

/**
 * 'Exportar' of the list kit (docs/frontend.md "Exporting a list"): a button in the list header that
 * opens CSV / XLSX; the chosen file is asked of the server (`<path>/export`, the list's filters,
 * search and sort, every page) and read as it streams, showing the rows (CSV) or bytes (XLSX)
 * received and a 'Cancelar' that aborts it; the file is then saved under the server's name. A
 * refusal shows the server's message in a toast. Offline the button is off and says why
 * ({@link EXPORT_OFFLINE_REASON}).
 */
export function ExportMenu({ request, columns, title, total }: ExportMenuProps) {
  const online = useOnline();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const c = columnChooser();

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const start = async (format: ExportFormat) => {
    setOpen(false);
    const controller = new AbortController();
    setRunning({ format, bytes: 0, lines: 0, controller });
    try {
      const { downloadFile, saveFile } = await loadDownload();
      const { pagination: _pagination, ...query } = request.query;
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const spec = JSON.stringify({ format, name: title, timeZone, columns: exportRequestColumns(columns) });
      const file = await downloadFile(
        `${request.path}/export`,
        { ...query, export: spec },
        {
          signal: controller.signal,
          fallbackName: `exportacao.${format}`,
          onProgress: ({ bytes, lines }) => setRunning((r) => (r && r.controller === controller ? { ...r, bytes, lines } : r)),
        },
      );
      saveFile(file);
      toast({ title: 'Exportação concluída', description: file.fileName });
    } catch (error) {
      if (controller.signal.aborted) toast({ title: 'Exportação cancelada', description: `A exportação de ${title} foi cancelada.` });
      else toast({ title: 'Erro', description: errorMessage(error, 'Não foi possível exportar a lista.'), variant: 'destructive' });
    } finally {
      setRunning((r) => (r?.controller === controller ? null : r));
    }
  };

  if (running) {
    const rows = Math.max(running.lines - 1, 0);
    const csvTotal = running.format === 'csv' && total ? total : undefined;
    return (
      <div className={s.root}>
        <span role="status" className={s.status}>
          {csvTotal !== undefined ? <progress className={s.progress} value={Math.min(rows, csvTotal)} max={csvTotal} aria-hidden /> : null}
          {running.format === 'csv'
            ? `Exportando... ${count.format(rows)}${csvTotal !== undefined ? ` de ${count.format(csvTotal)}` : ''} linhas`
            : `Exportando... ${formatFileSize(running.bytes)} recebidos`}
        </span>
        <button type="button" className={s.cancel} onClick={() => running.controller.abort()}>
          Cancelar exportação
        </button>
      </div>
    );
  }

  const reasonId = `${id}export-reason`;
  return (
    <div className={s.root} ref={root}>
      <button
        type="button"
        className={c.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? `${id}export-menu` : undefined}
        aria-disabled={online ? undefined : true}
        aria-describedby={online ? undefined : reasonId}
        title={online ? undefined : EXPORT_OFFLINE_REASON}
        onPointerEnter={() => void loadDownload()}
        onFocus={() => void loadDownload()}
        onClick={() => online && setOpen((o) => !o)}
      >
        <Icon name="download" size={16} />
        Exportar
      </button>
      {online ? null : (
        <span id={reasonId} className={s.hidden}>
          {EXPORT_OFFLINE_REASON}
        </span>
      )}
      {open ? (
        <div id={`${id}export-menu`} className={s.menu} role="group" aria-label="Formato do arquivo">
          <button type="button" className={s.item} autoFocus onClick={() => void start('csv')}>
            CSV
          </button>
          <button type="button" className={s.item} onClick={() => void start('xlsx')}>
            XLSX
          </button>
        </div>
      ) : null}
    </div>
  );
}
