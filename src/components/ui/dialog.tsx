import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const backdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.5)', zIndex: 'overlay' });
const positioner = css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', zIndex: 'modal' });
const content = css({ bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'xl', w: 'full', maxW: '440px', p: '6', outline: 'none' });
const title = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' });
const description = css({ color: 'fg.muted', fontSize: 'sm', mb: '4' });
export const dialogFooter = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' });

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog (Ark UI Dialog) with a title, optional description and content. */
export function Dialog({ open, onOpenChange, title: titleText, description: descriptionText, children, role = 'dialog' }: DialogProps) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} role={role} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={backdrop} />
        <ArkDialog.Positioner className={positioner}>
          <ArkDialog.Content className={content}>
            <ArkDialog.Title className={title}>{titleText}</ArkDialog.Title>
            {descriptionText ? <ArkDialog.Description className={description}>{descriptionText}</ArkDialog.Description> : null}
            {children}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
