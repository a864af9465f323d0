import { flexRender, type Column, type Row } from '@tanstack/react-table';
import { memo, type ReactElement } from 'react';
import { listPage } from 'styled-system/recipes';
import { ACTIONS_COLUMN_ID } from './row-actions';
import { headerText } from './types';

export interface MobileCardsProps<T> {
  /** The table's row model (`table.getRowModel().rows`): a new array when the data, filter or sort change. */
  rows: Row<T>[];
  /** `table.getVisibleLeafColumns()`: a new array when the columns change (actions gained or lost). */
  visibleColumns: Column<T>[];
  isLoading: boolean;
  /** Accessible name of the list (the screen title). */
  label: string;
  /** Column ids shown on a card, in this order (default: the first 4 columns). */
  columns?: readonly string[] | undefined;
  /** The text of an empty list (default 'Nenhum item encontrado'). */
  emptyText?: string | undefined;
}

/**
 * The rows as cards under 768 px (spec 000 §2.4: the first 4 columns, or `columns`): a list
 * (`<ul>` named by the screen title) of `<li>` cards, each label/value pairs then the row
 * actions. While loading or empty it is a plain block with the text, not a list of nothing.
 * Memoized on its props, so a re-render of the list frame (the search box, the query's urgent
 * update) does not render the cards again (see ListPage's deferred rows).
 */
export const MobileCards = memo(function MobileCards<T>({ rows, isLoading, label, columns, emptyText = 'Nenhum item encontrado' }: MobileCardsProps<T>) {
  const s = listPage();
  if (isLoading || rows.length === 0) {
    return (
      <div className={s.cards}>
        <p className={s.empty}>{isLoading ? 'Carregando...' : emptyText}</p>
      </div>
    );
  }
  return (
    // role="list" restates the <ul>'s own role: Safari drops it from lists without bullets.
    <ul className={s.cards} role="list" aria-label={label}>
      {rows.map((row) => {
        const cells = row.getVisibleCells();
        const data = cells.filter((c) => c.column.id !== ACTIONS_COLUMN_ID);
        const shown = columns ? columns.flatMap((id) => data.filter((c) => c.column.id === id)) : data.slice(0, 4);
        const actions = cells.find((c) => c.column.id === ACTIONS_COLUMN_ID);
        return (
          <li key={row.id} className={s.card}>
            <dl className={s.cardFields}>
              {shown.map((cell) => (
                <div key={cell.id} className={s.cardRow}>
                  <dt>{headerText(cell.column.columnDef)}</dt>
                  <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                </div>
              ))}
            </dl>
            {actions ? <div>{flexRender(actions.column.columnDef.cell, actions.getContext())}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}) as <T>(props: MobileCardsProps<T>) => ReactElement;
