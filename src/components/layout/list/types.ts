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
    /**
     * How 'Exportar' writes the column (see {@link ColumnExport}); false leaves it out of the file.
     * Default: a column with an `accessorKey` exports that field as text (`id` as a number); any other
     * column is left out.
     */
    export?: ColumnExport | false;
  }
}

/**
 * How a column's value is written by the server's export (server/src/utils/export/spec.ts): the
 * record's paths it reads, as the list's GET answers the record (`customer_id.cpf_cnpj`; of several,
 * the first non-empty wins), and its format: text; integer/decimal numbers; money (reais → 'R$ 1.234,56');
 * percent (0–100 → '12,5%'); date/datetime (dd/MM/yyyy in the browser's time zone); document
 * (CPF/CNPJ mask); phone; cep; label (`labels[value]`, else `fallback`: statuses, Sim/Não); person (a
 * user relation: name, else the username with its mask). `fallback` is also what an empty value writes.
 * `when` switches to another format when a field of the record holds a value.
 */
export interface ColumnExport {
  /** A path, or several separated by commas ('pedido_id, sales_order.id'): the first non-empty wins. A string: Panda reads these declarations and takes a list for responsive styles. */
  value: string;
  format?: ExportFormat;
  labels?: Readonly<Record<string, string>>;
  fallback?: string;
  when?: { value: string; equals: string; format: ExportFormat };
}

/** The cell formats of the server's export. */
export type ExportFormat = 'text' | 'integer' | 'decimal' | 'money' | 'percent' | 'date' | 'datetime' | 'document' | 'phone' | 'cep' | 'label' | 'person';

/** The header text of a column (cards and labels need a string). */
export function headerText<T>(column: ListColumn<T>): string {
  return typeof column.header === 'string' ? column.header : (column.id ?? '');
}
