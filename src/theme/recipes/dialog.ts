import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/** Dialog (components/ui/dialog.tsx) over Ark's dialog anatomy, plus a footer for its buttons. */
export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: [...dialogAnatomy.keys(), 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'bg.backdrop', zIndex: 'overlay' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', zIndex: 'modal' },
    content: { bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'xl', w: 'full', maxW: '440px', p: '6', outline: 'none' },
    title: { fontSize: 'lg', fontWeight: 'semibold', mb: '2' },
    description: { color: 'fg.muted', fontSize: 'sm', mb: '4' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '6' },
  },
});
