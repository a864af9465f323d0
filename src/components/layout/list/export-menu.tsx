import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { columnChooser } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import type { ListRequest } from '@/lib/api/list-request';
import { useOnline } from '@/lib/offline/outbox-peek';
// types only: the screens outside the kit that render this do not download the list kit for it
import type { ExportColumnSpec } from './export-columns';

/** The columns as the server reads them (server/src/utils/export/spec.ts): `value` a list of paths. */
export function exportRequestColumns(columns: readonly ExportColumnSpec[]): Array<Omit<ExportColumnSpec, 'value'> & { value: string[] }> {
  return columns.map((column) => ({ ...column, value: column.value.split(',').map((path) => path.trim()) }));
}

/** Why 'Exportar' is off while the device has no connection. */
export const EXPORT_OFFLINE_REASON = 'Exportar precisa de conexão';

/** The file formats the server writes. */
export type ExportFormat = 'csv' | 'xlsx';

// the streamed download (lib/api/download.ts) loads with the first export asked, or when pointed at
const loadDownload = () => import('./export-run');

interface Running {
  format: ExportFormat;
  controller: AbortController;
}

// the export under way (its request, progress and Cancelar) loads with the first format chosen
const ExportRun = lazy(() => import('./export-run'));

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
  hidden: css({ srOnly: true }),
};

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

  const start = (format: ExportFormat) => {
    setOpen(false);
    const controller = new AbortController();
    setRunning({ format, controller });
  };

  if (running)
    return (
      <Suspense fallback={<span className={css({ fontSize: 'sm', color: 'fg.muted' })}>Exportando...</span>}>
        <ExportRun {...running} request={request} columns={columns} title={title} total={total} onDone={() => setRunning((r) => (r === running ? null : r))} />
      </Suspense>
    );

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
          <button type="button" className={s.item} autoFocus onClick={() => start('csv')}>
            CSV
          </button>
          <button type="button" className={s.item} onClick={() => start('xlsx')}>
            XLSX
          </button>
        </div>
      ) : null}
    </div>
  );
}
