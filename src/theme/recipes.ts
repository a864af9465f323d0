import { dialogAnatomy, fieldAnatomy, toastAnatomy } from '@ark-ui/react/anatomy';
import { defineRecipe, defineSlotRecipe } from '@pandacss/dev';

/** Button recipe used by components/ui/button.tsx. */
export const button = defineRecipe({
  className: 'button',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    fontWeight: 'medium',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      solid: { bg: 'primary.500', color: 'white', _hover: { _enabled: { bg: 'primary.600' } } },
      outline: { borderWidth: '1px', borderColor: 'border', bg: 'bg.surface', color: 'fg', _hover: { _enabled: { bg: 'gray.100' } } },
      ghost: { bg: 'transparent', color: 'fg', _hover: { _enabled: { bg: 'gray.100' } } },
      destructive: { bg: 'danger.500', color: 'white', _hover: { _enabled: { bg: 'danger.600' } } },
      link: { bg: 'transparent', color: 'primary.500', px: '0', h: 'auto', _hover: { textDecoration: 'underline' } },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      icon: { h: '8', w: '8', p: '0' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

/** The look of every text control (the `input` recipe and the field's input/select/textarea slots). */
const inputBase = {
  w: 'full',
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  bg: 'bg.surface',
  fontSize: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '0' },
  '&[data-invalid], &[aria-invalid=true]': { borderColor: 'danger.500' },
  _disabled: { opacity: 0.6 },
} as const;

/** Text input recipe (Input, the search box, filter fields). */
export const input = defineRecipe({
  className: 'input',
  base: inputBase,
});

/** Status pill (components/ui/status-badge.tsx): one tone per meaning, never raw colours. */
export const badge = defineRecipe({
  className: 'badge',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
  },
  variants: {
    tone: {
      success: { bg: 'green.50', color: 'green.800', borderColor: 'green.200' },
      info: { bg: 'primary.50', color: 'primary.700', borderColor: 'primary.100' },
      warning: { bg: 'amber.50', color: 'amber.800', borderColor: 'amber.200' },
      danger: { bg: 'danger.50', color: 'danger.600', borderColor: 'red.200' },
      neutral: { bg: 'gray.100', color: 'gray.700', borderColor: 'gray.200' },
    },
  },
  defaultVariants: { tone: 'neutral' },
  // tones are picked at runtime (status → tone), so every variant is generated
  staticCss: ['*'],
});

/** On/off switch drawn over a native checkbox with role="switch" (components/ui/switch.tsx). */
export const switchControl = defineRecipe({
  className: 'switch',
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minH: '10',
    fontSize: 'sm',
    fontWeight: 'medium',
    cursor: 'pointer',
    '& input': {
      appearance: 'none',
      w: '10',
      h: '6',
      borderRadius: 'full',
      bg: 'gray.300',
      position: 'relative',
      cursor: 'pointer',
      transition: 'background 0.15s',
      flexShrink: 0,
    },
    '& input::after': {
      content: '""',
      position: 'absolute',
      top: '0.5',
      left: '0.5',
      w: '5',
      h: '5',
      borderRadius: 'full',
      bg: 'white',
      transition: 'transform 0.15s',
      boxShadow: 'sm',
    },
    '& input:checked': { bg: 'primary.500' },
    '& input:checked::after': { transform: 'translateX(16px)' },
    '& input:focus-visible': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
  },
});

/**
 * The parts of the list frame (components/layout/list/): toolbar, filter panel, table,
 * mobile cards and pager. Ark UI has no table, so the slots are ours.
 */
export const listPage = defineSlotRecipe({
  className: 'list-page',
  slots: [
    'root',
    'header',
    'title',
    'newLink',
    'toolbar',
    'search',
    'searchIcon',
    'panel',
    'body',
    'filterToggle',
    'filterGrid',
    'filterLabel',
    'filterActions',
    'tableScroll',
    'table',
    'sortButton',
    'actions',
    'iconLink',
    'cards',
    'card',
    'cardFields',
    'cardRow',
    'empty',
    'footer',
    'pager',
  ],
  base: {
    root: { display: 'flex', flexDir: 'column', gap: '4' },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' },
    title: { fontSize: '2xl', fontWeight: 'bold' },
    newLink: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      bg: 'primary.500',
      color: 'white',
      h: '10',
      px: '4',
      borderRadius: 'md',
      fontWeight: 'medium',
      _hover: { bg: 'primary.600' },
    },
    toolbar: { display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' },
    search: { position: 'relative', flex: '1', minW: '200px', maxW: { md: '360px' }, '& input': { pl: '9' } },
    searchIcon: { position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted' },
    panel: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '4' },
    body: { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: '3' },
    filterToggle: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      fontWeight: 'semibold',
      cursor: 'pointer',
      w: 'full',
      '& [data-part=chevron]': { ml: 'auto', transition: 'transform 0.15s' },
      '&[aria-expanded=true] [data-part=chevron]': { transform: 'rotate(180deg)' },
    },
    filterGrid: { display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '3', mt: '3' },
    filterLabel: { display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1' },
    filterActions: { display: 'flex', justifyContent: 'flex-end', gap: '2', mt: '3' },
    tableScroll: { overflowX: 'auto' },
    table: {
      w: 'full',
      borderCollapse: 'collapse',
      fontSize: 'sm',
      '& th, & td': { textAlign: 'left', px: '1.5', py: '2.5', borderBottomWidth: '1px', borderColor: 'border', verticalAlign: 'middle' },
      '& th': { color: 'fg.muted', fontWeight: 'semibold', fontSize: 'xs', lineHeight: 'tight' },
      // the card's padding is the outer margin: the first and last cells need none of their own
      '& th:first-of-type, & td:first-of-type': { pl: '0' },
      '& th:last-of-type, & td:last-of-type': { pr: '0' },
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      cursor: 'pointer',
      fontWeight: 'semibold',
      textAlign: 'left',
      _hover: { color: 'fg' },
      '& svg': { flexShrink: 0 },
    },
    actions: { display: 'flex', alignItems: 'center', gap: '0.5', justifyContent: 'flex-end' },
    iconLink: {
      display: 'inline-flex',
      p: '1',
      borderRadius: 'md',
      cursor: 'pointer',
      color: 'fg',
      _hover: { bg: 'gray.100' },
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500' },
    },
    cards: { display: 'grid', gap: '3' },
    card: {
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      p: '3',
      display: 'grid',
      gap: '1.5',
      // Cards below the fold skip layout and paint until scrolled near (issue 13: laying out 25
      // cards at once was one long task); still in the accessibility tree and find-in-page.
      contentVisibility: 'auto',
      containIntrinsicSize: 'auto 11rem',
    },
    cardFields: { display: 'grid', gap: '1' },
    cardRow: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: '3',
      '& dt': { color: 'fg.muted' },
      '& dd': { textAlign: 'right', fontWeight: 'medium' },
    },
    empty: { color: 'fg.muted', textAlign: 'center', py: '6' },
    footer: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', mt: '3' },
    pager: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      flexWrap: 'wrap',
      '& label': { display: 'flex', alignItems: 'center', gap: '2' },
      '& select': { w: '20' },
      '& [data-part=page]': { minW: '16', textAlign: 'center' },
    },
  },
});

/**
 * A header or body cell of the list table. `wrap` lets names break onto lines at spaces while
 * dates, amounts, documents and status stay on one line; `hidden` drops a low-priority column
 * that does not fit (DataTable decides, see its docstring); `sticky` keeps the row actions at
 * the right edge (only while the table fits, so it never covers a data cell).
 */
export const tableCell = defineRecipe({
  className: 'table-cell',
  base: { '&:is(th)': { whiteSpace: 'normal' } },
  variants: {
    wrap: {
      true: { whiteSpace: 'normal', overflowWrap: 'break-word' },
      false: { whiteSpace: 'nowrap' },
    },
    hidden: {
      true: { display: 'none' },
      false: {},
    },
    sticky: {
      true: { position: 'sticky', right: '0', bg: 'bg.surface', boxShadow: 'inset 1px 0 0 token(colors.border)', '&&': { textAlign: 'right' } },
      false: { '&&': { textAlign: 'right' } },
    },
  },
  defaultVariants: { wrap: false, hidden: false },
  staticCss: ['*'],
});

/** Field (components/ui/field.tsx) over Ark's field anatomy, as Park UI's `recipes/field.ts`. */
export const field = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDir: 'column' },
    label: { display: 'block', fontSize: 'sm', fontWeight: 'medium', mb: '1.5', color: 'fg' },
    input: { ...inputBase },
    select: { ...inputBase },
    textarea: { ...inputBase, h: 'auto', minH: '20', py: '2' },
    helperText: { display: 'block', fontSize: 'xs', color: 'fg.muted', mt: '1' },
    errorText: { display: 'block', fontSize: 'xs', color: 'danger.500', mt: '1' },
    requiredIndicator: { color: 'danger.500', ms: '0.5' },
  },
});

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

export const recipes = { button, input, badge, switchControl, tableCell };
export const slotRecipes = { listPage, field, dialog, toast };
