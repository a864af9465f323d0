import { Popover } from '@ark-ui/react/popover';
import { useEffect, useRef } from 'react';
import { columnChooser } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import type { ChooserColumn, ColumnChoiceControls } from './column-choice';

export interface ColumnPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Id of the 'Colunas' button (ColumnChooser's own): the panel sits under it and gives focus back to it. */
  triggerId: string;
  contentId: string;
  columns: readonly ChooserColumn[];
  controls: ColumnChoiceControls;
  widthHidden: readonly string[];
  /** Ids off the table (hidden by the user or for want of width). */
  hidden: readonly string[];
}

/**
 * The panel of 'Colunas' (loaded with its first open, see ColumnChooser): Ark's Popover (not
 * modal: Tab moves through the checkboxes and on out, Escape and a click outside close it and
 * focus returns to the button) with one checkbox per column, ticked when the column is on the
 * table; a column that gave way to the width says 'sem espaço'. The last column on the table
 * cannot be unticked.
 */
export function ColumnPanel({ open, onOpenChange, triggerId, contentId, columns, controls, widthHidden, hidden }: ColumnPanelProps) {
  const c = columnChooser();
  const content = useRef<HTMLDivElement>(null);
  // Mounted already open (the first click): Ark moves focus in only when it opens after mount.
  const openedAtMount = useRef(open);
  useEffect(() => {
    if (openedAtMount.current) content.current?.querySelector<HTMLElement>('input:not(:disabled)')?.focus({ preventScroll: true });
  }, []);
  const onTable = columns.length - hidden.length;
  const anyChoice = controls.choice.hidden.length > 0 || controls.choice.shown.length > 0;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      ids={{ trigger: triggerId, content: contentId }}
      portalled={false}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Positioner className={c.positioner}>
        <Popover.Content ref={content} className={c.content}>
          <Popover.Title className={c.title}>Colunas</Popover.Title>
          <ul className={c.list}>
            {columns.map((col) => {
              const shown = !hidden.includes(col.id);
              const forWidth = widthHidden.includes(col.id) && !controls.choice.hidden.includes(col.id);
              const inputId = `${contentId}-${col.id}`;
              return (
                <li key={col.id} className={c.item}>
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={shown}
                    disabled={shown && onTable <= 1}
                    aria-describedby={forWidth ? `${inputId}-note` : undefined}
                    onChange={(e) => controls.setVisible(col.id, e.target.checked)}
                  />
                  <label htmlFor={inputId}>{col.label}</label>
                  {forWidth ? (
                    <span id={`${inputId}-note`} className={c.note}>
                      sem espaço
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {widthHidden.length ? <p className={c.hint}>Marque uma coluna sem espaço para mantê-la: a tabela rola para os lados se preciso.</p> : null}
          <div className={c.footer}>
            <Button variant="ghost" size="sm" disabled={!anyChoice} onClick={controls.reset}>
              Restaurar padrão
            </Button>
          </div>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
