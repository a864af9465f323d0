import { Link, type ToOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { listPage } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import type { ListColumn } from './types';

/** Id of the frame's own last column (row actions). */
export const ACTIONS_COLUMN_ID = '__actions';

export interface RowActionsOptions<T> {
  /** Typed link to a row's edit screen (`{ to: '/customer/$id', params: { id } }`), or undefined when the user may not update. */
  editTo?: ((row: T) => ToOptions) | undefined;
  /** Asks to delete a row (opens 'Confirmar exclusão'), or undefined when the user may not delete. */
  onDeleteRequest?: ((row: T) => void) | undefined;
  /** Rows whose delete action is hidden although the user may delete (default: none). */
  canDeleteRow?: ((row: T) => boolean) | undefined;
  /** Rows whose edit action is hidden although the user may update (default: none). */
  canEditRow?: ((row: T) => boolean) | undefined;
  /** The screen's own actions (details, documents...), before edit and delete. */
  rowActions?: ((row: T) => ReactNode) | undefined;
}

/** The 'Ações' column (sticky on the right), or null when a row has no action to offer. */
export function actionsColumn<T>({ editTo, onDeleteRequest, canDeleteRow, canEditRow, rowActions }: RowActionsOptions<T>): ListColumn<T> | null {
  if (!editTo && !onDeleteRequest && !rowActions) return null;
  return {
    id: ACTIONS_COLUMN_ID,
    header: 'Ações',
    enableSorting: false,
    cell: ({ row }) => {
      const s = listPage();
      return (
        <div className={s.actions}>
          {rowActions?.(row.original)}
          {editTo && (canEditRow?.(row.original) ?? true) ? (
            <Link {...editTo(row.original)} className={s.iconLink} aria-label="Editar" title="Editar">
              <Icon name="pencil" size={16} />
            </Link>
          ) : null}
          {onDeleteRequest && (canDeleteRow?.(row.original) ?? true) ? (
            <button type="button" className={s.iconLink} aria-label="Excluir" title="Excluir" onClick={() => onDeleteRequest(row.original)}>
              <Icon name="trash" size={16} />
            </button>
          ) : null}
        </div>
      );
    },
  };
}
