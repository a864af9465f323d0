import { Suspense, lazy, useId, useState } from 'react';
import { columnChooser } from 'styled-system/recipes';
import { Icon } from '@/components/ui/icons';
import { hiddenColumnIds, hiddenCountText, type ChooserColumn, type ColumnChoiceControls } from './column-choice';

// The panel (Ark Popover and floating-ui: ~14 KiB gzipped, plus the Ark runtime it shares with the
// delete dialog) loads when the button is pointed at or focused, and mounts at the first open.
const loadPanel = () => import('./column-panel');
const ColumnPanel = lazy(() => loadPanel().then((m) => ({ default: m.ColumnPanel })));

export interface ColumnChooserProps {
  /** The list's data columns, in table order (not the row actions). */
  columns: readonly ChooserColumn[];
  /** The user's choice for this list and its setters (`useColumnChoice`). */
  controls: ColumnChoiceControls;
  /** Ids that gave way to the width (DataTable's report). */
  widthHidden: readonly string[];
}

/**
 * 'Colunas' (the list kit's column chooser, after react-admin's SelectColumnsButton): a button in
 * the list header that says how many columns are off the table ('2 ocultas': hidden by the user
 * or for want of width) and opens a panel of checkboxes, one per column. Ticking a column keeps
 * it on the table even when it does not fit (the table then scrolls sideways); unticking hides
 * it; 'Restaurar padrão' forgets the choice. The choice is the user's, per list (`useColumnChoice`).
 */
export function ColumnChooser({ columns, controls, widthHidden }: ColumnChooserProps) {
  const c = columnChooser();
  const id = useId();
  const triggerId = `${id}columns-trigger`;
  const contentId = `${id}columns-panel`;
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const hidden = hiddenColumnIds(
    columns.map((col) => col.id),
    controls.choice,
    widthHidden,
  );
  const preload = () => void loadPanel();
  return (
    <>
      <button
        type="button"
        id={triggerId}
        className={c.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={mounted ? contentId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen((o) => !o);
        }}
      >
        <Icon name="columns" size={16} />
        Colunas
        {hidden.length ? <span className={c.count}>{hiddenCountText(hidden.length)}</span> : null}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ColumnPanel
            open={open}
            onOpenChange={setOpen}
            triggerId={triggerId}
            contentId={contentId}
            columns={columns}
            controls={controls}
            widthHidden={widthHidden}
            hidden={hidden}
          />
        </Suspense>
      ) : null}
    </>
  );
}
