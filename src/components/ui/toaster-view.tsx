import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { createPortal } from 'react-dom';
import { toast } from 'styled-system/recipes';
import { toaster } from './toast-store';

const classes = toast();

/**
 * The toasts themselves (Ark UI Toaster, styled by the `toast` slot recipe); loaded on the first toast, see `Toaster` in toast.tsx.
 * Rendered straight into <body>: a modal dialog hides everything outside itself from screen
 * readers (aria-hidden on <body>'s other children) but leaves alone a child of <body> that is a
 * live region (the toaster group carries aria-live), so toasts are announced while a dialog is open.
 */
export default function ToasterView() {
  return createPortal(
    <ArkToaster toaster={toaster}>
      {(t) => (
        <Toast.Root key={t.id} className={classes.root} role="status" aria-live={t.type === 'error' ? 'assertive' : 'polite'}>
          <Toast.Title className={classes.title}>{t.title}</Toast.Title>
          {t.description ? <Toast.Description className={classes.description}>{t.description}</Toast.Description> : null}
          {typeof t.meta?.code === 'string' ? <p className={classes.description}>{t.meta.code}</p> : null}
          <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Fechar">
            ×
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>,
    document.body,
  );
}
