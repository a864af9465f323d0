import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { dialog } from 'styled-system/recipes';

const classes = dialog();
/** Class of the row of buttons at the bottom of a dialog (the `dialog` slot recipe's footer). */
export const dialogFooter = classes.footer;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog (Ark UI Dialog, styled by the `dialog` slot recipe) with a title, optional description and content. */
export function Dialog({ open, onOpenChange, title: titleText, description: descriptionText, children, role = 'dialog' }: DialogProps) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} role={role} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={classes.content}>
            <ArkDialog.Title className={classes.title}>{titleText}</ArkDialog.Title>
            {descriptionText ? <ArkDialog.Description className={classes.description}>{descriptionText}</ArkDialog.Description> : null}
            {children}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
