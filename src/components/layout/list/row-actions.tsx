import { Link, type ToOptions } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
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
  /**
   * Why a row's delete is refused although the role holds the permission (an action the server
   * reserves to administrators): the action shows disabled with this reason as its description
   * and tooltip. Undefined: the delete is offered.
   */
  deleteDisabledReason?: ((row: T) => string | undefined) | undefined;
  /** Rows whose edit action is hidden although the user may update (default: none). */
  canEditRow?: ((row: T) => boolean) | undefined;
  /** The screen's own actions (details, documents...), before edit and delete. */
  rowActions?: ((row: T) => ReactNode) | undefined;
}

/** The 'Ações' column (sticky on the right), or null when a row has no action to offer. */
export function actionsColumn<T>({
  editTo,
  onDeleteRequest,
  canDeleteRow,
  deleteDisabledReason,
  canEditRow,
  rowActions,
}: RowActionsOptions<T>): ListColumn<T> | null {
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
            <DeleteAction reason={deleteDisabledReason?.(row.original)} onClick={() => onDeleteRequest(row.original)} />
          ) : null}
        </div>
      );
    },
  };
}

/**
 * A row's Excluir, or — with a `reason` — the same button disabled: `aria-disabled` (not
 * `disabled`) keeps it focusable and hoverable, so the reason is its tooltip and, through
 * aria-describedby, what a screen reader says after its name.
 */
function DeleteAction({ reason, onClick }: { reason: string | undefined; onClick: () => void }) {
  const s = listPage();
  const id = useId();
  if (!reason) {
    return (
      <button type="button" className={s.iconLink} aria-label="Excluir" title="Excluir" onClick={onClick}>
        <Icon name="trash" size={16} />
      </button>
    );
  }
  return (
    <button type="button" className={s.iconLink} aria-label="Excluir" aria-disabled="true" aria-describedby={id} title={reason} data-refused="">
      <Icon name="trash" size={16} />
      <span id={id} className={css({ srOnly: true })}>
        {reason}
      </span>
    </button>
  );
}
