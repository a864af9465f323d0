import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** Toast (components/ui/toaster-view.tsx) over Ark's toast anatomy; errors read white on danger. */
export const toast = defineSlotRecipe({
  className: 'toast',
  slots: toastAnatomy.keys(),
  base: {
    root: {
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
    },
    title: { fontWeight: 'semibold' },
    description: { mt: '1', fontSize: 'sm', whiteSpace: 'pre-line' },
    closeTrigger: {
      position: 'absolute',
      top: '2',
      right: '2',
      cursor: 'pointer',
      fontSize: 'lg',
      lineHeight: 1,
      px: '1.5',
      bg: 'transparent',
      color: 'inherit',
    },
  },
});
