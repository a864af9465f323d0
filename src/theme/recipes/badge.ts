import { defineRecipe } from '@pandacss/dev';

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
