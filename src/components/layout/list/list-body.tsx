import { getCoreRowModel, getFilteredRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import { columnVisibility, NO_CHOICE, type ColumnChoice } from './column-choice';
import { DataTable } from './data-table';
import { MobileCards } from './mobile-cards';
import type { ListColumn } from './types';
import type { ResourceList } from './use-resource-list';

const EMPTY_ROWS: never[] = [];

export interface ListBodyProps<T> {
  list: ResourceList<T>;
  /** The deferred rows and loading state (see ListPage). */
  rows: T[] | undefined;
  isLoading: boolean;
  /** The screen's columns (sorting reads their `sortField`) and the same plus the actions column. */
  columns: ListColumn<T>[];
  allColumns: ListColumn<T>[];
  getRowId: (row: T) => string;
  isMobile: boolean;
  label: string;
  mobileColumns?: readonly string[] | undefined;
  /** The text of an empty body (default 'Nenhum item encontrado'). */
  emptyText?: string | undefined;
  /** The user's 'Colunas' choice: the table leaves out its hidden columns and keeps its shown ones; the cards ignore it. */
  columnChoice?: ColumnChoice | undefined;
  /** Told which columns gave way to the table's width (see DataTable). */
  onWidthHiddenChange?: ((ids: string[]) => void) | undefined;
}

/**
 * The list's TanStack Table (sort through the URL, the page filtered on the client unless the
 * search is the server's) as cards (under 768 px) or a table.
 */
export function ListBody<T>({
  list,
  rows,
  isLoading,
  columns,
  allColumns,
  getRowId,
  isMobile,
  label,
  mobileColumns,
  emptyText,
  columnChoice = NO_CHOICE,
  onWidthHiddenChange,
}: ListBodyProps<T>) {
  const { search } = list;
  const sorting: SortingState = useMemo(() => {
    if (!search.sort) return [];
    const [field, dir] = search.sort.split(':');
    const col = columns.find((c) => (c.meta?.sortField ?? c.id) === field);
    return col?.id ? [{ id: col.id, desc: dir === 'desc' }] : [];
  }, [search.sort, columns]);
  // The cards show their own columns (spec 000 §2.4: the first 4), whatever the table's choice.
  const visibility = useMemo(() => (isMobile ? {} : columnVisibility(columnChoice)), [isMobile, columnChoice]);

  const table = useReactTable({
    data: rows ?? EMPTY_ROWS,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, globalFilter: list.serverSearch ? '' : list.searchText, columnVisibility: visibility },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    onSortingChange: (updater) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const col = first ? columns.find((c) => c.id === first.id) : undefined;
      const field = col ? (col.meta?.sortField ?? col.id) : undefined;
      list.update({ sort: first && field ? `${field}:${first.desc ? 'desc' : 'asc'}` : undefined });
    },
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });

  return isMobile ? (
    <MobileCards
      rows={table.getRowModel().rows}
      visibleColumns={table.getVisibleLeafColumns()}
      isLoading={isLoading}
      label={label}
      columns={mobileColumns}
      emptyText={emptyText}
    />
  ) : (
    <DataTable table={table} isLoading={isLoading} emptyText={emptyText} pinned={columnChoice.shown} onWidthHiddenChange={onWidthHiddenChange} />
  );
}
