import type { ColumnDef } from '@tanstack/react-table';

/** A filter of the filter panel (declared in the resource, lib/resources.ts); its value lands in `search.filters[name]` as text. */
export type { FilterField, SortOption } from '@/lib/resources';

/**
 * Columns are TanStack Table column defs with a string header; `meta` says how the list
 * frame treats them (sort field, priority, wrapping), see `ColumnMeta` below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom for mixed value types
export type ListColumn<T> = ColumnDef<T, any>;

/**
 * How readily a column gives way when the table does not fit its card:
 * 1 (the default) is never hidden — ids, dates, amounts, status; a higher number is hidden
 * earlier (the highest first), unless the user keeps it ('Colunas'), and the chooser counts it.
 * Under 768 px the rows are cards instead (see `mobileColumns`).
 */
export type ColumnPriority = number;

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** API field to sort on when this column header is clicked (defaults to the column id). */
    sortField?: string;
    /** Default 1 (always shown); see {@link ColumnPriority}. */
    priority?: ColumnPriority;
    /**
     * Long text (names): the cell and its header may wrap onto several lines. Other columns
     * (dates, amounts, documents, status) never wrap, so they stay readable at a glance.
     */
    wrap?: boolean;
  }
}

/** The header text of a column (cards and labels need a string). */
export function headerText<T>(column: ListColumn<T>): string {
  return typeof column.header === 'string' ? column.header : (column.id ?? '');
}
