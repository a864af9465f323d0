import { flexRender, type Column, type Table } from '@tanstack/react-table';
import { useLayoutEffect, useRef, useState } from 'react';
import { listPage, tableCell } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import { ACTIONS_COLUMN_ID } from './row-actions';

export interface DataTableProps<T> {
  table: Table<T>;
  isLoading: boolean;
  /** The text of an empty body (default 'Nenhum item encontrado'). */
  emptyText?: string | undefined;
  /** Ids the user asked to keep on the table ('Colunas'): they never give way to the width. */
  pinned?: readonly string[] | undefined;
  /** Told the ids of the columns that gave way to the width, in column order, whenever they change once the table has settled. */
  onWidthHiddenChange?: ((ids: string[]) => void) | undefined;
}

const NONE: readonly string[] = [];

/**
 * Ids of the columns that may give way, in the order they do: highest `meta.priority` first,
 * and within one priority the rightmost first. Pinned columns never do.
 */
function yieldOrder<T>(columns: Column<T>[], pinned: readonly string[]): string[] {
  return columns
    .map((c, index) => ({ id: c.id, priority: c.columnDef.meta?.priority ?? 1, index }))
    .filter((c) => c.priority > 1 && !pinned.includes(c.id))
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map((c) => c.id);
}

/**
 * The table of the list frame (768 px and wider): sortable headers (the click writes
 * `search.sort`, see ListPage), 'Carregando...' and empty ('Nenhum item encontrado') rows.
 *
 * It never makes the user scroll sideways when it can help it: after each layout, while the
 * table is wider than its card, it hides one more column of `meta.priority` > 1 (the least
 * important first, never a `pinned` one) and measures again — before the browser paints; the
 * columns it hid are reported (`onWidthHiddenChange`), and the 'Colunas' chooser counts them.
 * Only if the columns of priority 1 and the pinned ones still do not fit does the table
 * scroll, and then the row actions stop being sticky, so they never cover a data cell. Long
 * names (`meta.wrap`) break at spaces.
 */
export function DataTable<T>({ table, isLoading, emptyText = 'Nenhum item encontrado', pinned = NONE, onWidthHiddenChange }: DataTableProps<T>) {
  const s = listPage();
  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const span = leafColumns.length;
  const order = yieldOrder(leafColumns, pinned);
  const orderKey = order.join(',');
  const scroller = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState({ yielded: 0, overflowing: false });
  const [width, setWidth] = useState(0);
  const hidden = new Set(order.slice(0, fit.yielded));

  // Start again from every column whenever the room or the content changes.
  useLayoutEffect(() => setFit((f) => (f.yielded === 0 && !f.overflowing ? f : { yielded: 0, overflowing: false })), [width, table.options.data, orderKey]);
  const reported = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || el.clientWidth === 0) return;
    const tooWide = el.scrollWidth > el.clientWidth + 1;
    if (tooWide && fit.yielded < order.length) return setFit({ yielded: fit.yielded + 1, overflowing: false });
    if (tooWide !== fit.overflowing) setFit({ yielded: fit.yielded, overflowing: tooWide });
    // Settled (it fits, or nothing more may give way): tell the chooser what gave way.
    const gaveWay = leafColumns.filter((c) => hidden.has(c.id)).map((c) => c.id);
    if (onWidthHiddenChange && reported.current !== gaveWay.join(',')) {
      reported.current = gaveWay.join(',');
      onWidthHiddenChange(gaveWay);
    }
  });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const cellClass = (column: Column<T>) =>
    column.id === ACTIONS_COLUMN_ID
      ? tableCell({ sticky: !fit.overflowing })
      : tableCell({ wrap: Boolean(column.columnDef.meta?.wrap), hidden: hidden.has(column.id) });

  return (
    <div className={s.tableScroll} ref={scroller}>
      <table className={s.table}>
        <thead>
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cellClass(header.column)}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className={s.sortButton} onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <Icon name={sorted === 'asc' ? 'arrowUp' : sorted === 'desc' ? 'arrowDown' : 'sort'} size={14} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {isLoading || rows.length === 0 ? (
            <tr>
              <td colSpan={span} className={s.empty}>
                {isLoading ? 'Carregando...' : emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cellClass(cell.column)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
