import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { css, cx } from 'styled-system/css';
import { toaster } from './toast';

const root = css({
  w: 'min(360px, calc(100vw - 32px))',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  boxShadow: 'lg',
  p: '4',
  pr: '10',
  position: 'relative',
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms',
  '&[data-type=error]': { bg: 'danger.500', borderColor: 'danger.600', color: 'white' },
});
const closeBtn = css({ position: 'absolute', top: '2', right: '2', cursor: 'pointer', fontSize: 'lg', lineHeight: 1, px: '1.5', bg: 'transparent', color: 'inherit' });

/** The toasts themselves (Ark UI Toaster); loaded on the first toast, see `Toaster` in toast.tsx. */
export default function ToasterView() {
  return (
    <ArkToaster toaster={toaster}>
      {(t) => (
        <Toast.Root key={t.id} className={root} role="status" aria-live={t.type === 'error' ? 'assertive' : 'polite'}>
          <Toast.Title className={css({ fontWeight: 'semibold' })}>{t.title}</Toast.Title>
          {t.description ? <Toast.Description className={cx(css({ mt: '1', fontSize: 'sm' }))}>{t.description}</Toast.Description> : null}
          <Toast.CloseTrigger className={closeBtn} aria-label="Fechar">
            ×
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
