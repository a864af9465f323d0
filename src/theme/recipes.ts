import { defineRecipe } from '@pandacss/dev';

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

/** Text input recipe (Input, the search box, filter fields). */
export const input = defineRecipe({
  className: 'input',
  base: {
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
  },
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
    '& input': { appearance: 'none', w: '10', h: '6', borderRadius: 'full', bg: 'gray.300', position: 'relative', cursor: 'pointer', transition: 'background 0.15s', flexShrink: 0 },
    '& input::after': { content: '""', position: 'absolute', top: '0.5', left: '0.5', w: '5', h: '5', borderRadius: 'full', bg: 'white', transition: 'transform 0.15s', boxShadow: 'sm' },
    '& input:checked': { bg: 'primary.500' },
    '& input:checked::after': { transform: 'translateX(16px)' },
    '& input:focus-visible': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
  },
});

export const recipes = { button, input, badge, switchControl };
export const slotRecipes = {};
