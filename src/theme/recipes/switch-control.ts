import { defineRecipe } from '@pandacss/dev';

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
    // a switch the user may not move (its reason is its description and tooltip)
    '&:has(input:disabled)': { cursor: 'not-allowed', color: 'fg.muted' },
    '& input:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
