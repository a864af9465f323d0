import { headerText, type ColumnExport, type ExportFormat, type ListColumn } from './types';

/**
 * One column of an export request: its header and its {@link ColumnExport} (`value` a path, or several separated
 * by commas, kept a string here: Panda reads screens' constants and takes a list for responsive styles).
 */
export interface ExportColumnSpec extends ColumnExport {
  header: string;
}

/** The export of a column: its `meta.export`, else its `accessorKey` (id as a number), else none. */
function columnExport<T>(column: ListColumn<T>): ColumnExport | undefined {
  const declared = column.meta?.export;
  if (declared === false) return undefined;
  if (declared) return declared;
  const key = 'accessorKey' in column ? column.accessorKey : undefined;
  if (typeof key !== 'string') return undefined;
  const format: ExportFormat = key === 'id' ? 'integer' : 'text';
  return { value: key, format };
}

/**
 * The columns 'Exportar' asks for: every data column the user has not hidden with 'Colunas'
 * (`hidden`: the chooser's ids), in table order, each with its header as the list shows it. A
 * column that only gave way to the screen's width is exported: a file has no width
 * (docs/decisions.md "Exporting lists"). Columns with nothing to export (row actions, a cell of controls
 * without `meta.export`) are left out.
 */
export function exportColumns<T>(columns: readonly ListColumn<T>[], hidden: readonly string[]): ExportColumnSpec[] {
  return columns.flatMap((column) => {
    if (hidden.includes(column.id ?? '')) return [];
    const exported = columnExport(column);
    if (!exported) return [];
    return [{ header: headerText(column), ...exported }];
  });
}
