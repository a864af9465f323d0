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
