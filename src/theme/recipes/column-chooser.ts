import { popoverAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

/**
 * The 'Colunas' chooser of the list kit (components/layout/list/column-chooser.tsx) over Ark's
 * popover anatomy: the trigger with its count of hidden columns, and a panel of checkboxes.
 */
export const columnChooser = defineSlotRecipe({
  className: 'column-chooser',
  slots: [...popoverAnatomy.keys(), 'count', 'list', 'item', 'note', 'hint', 'footer'],
  base: {
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '10',
      px: '3',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'md',
      bg: 'bg.surface',
      fontWeight: 'medium',
      cursor: 'pointer',
      _hover: { bg: 'gray.100' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
    },
    count: {
      px: '2',
      py: '0.5',
      borderRadius: 'full',
      fontSize: 'xs',
      fontWeight: 'semibold',
      bg: 'amber.50',
      color: 'amber.800',
      borderWidth: '1px',
      borderColor: 'amber.200',
    },
    positioner: { zIndex: 'popover' },
    content: {
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      boxShadow: 'lg',
      p: '3',
      w: '72',
      maxW: 'calc(100vw - 2rem)',
      outline: 'none',
    },
    title: { fontWeight: 'semibold', mb: '2' },
    list: { display: 'grid', gap: '0.5' },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      py: '1',
      '& input': { w: '4', h: '4', accentColor: 'primary.500', flexShrink: 0 },
      '& label': { flex: '1', cursor: 'pointer' },
    },
    note: { fontSize: 'xs', color: 'amber.800', whiteSpace: 'nowrap' },
    hint: { fontSize: 'xs', color: 'fg.muted', mt: '2' },
    footer: { display: 'flex', justifyContent: 'flex-end', mt: '2' },
  },
});
