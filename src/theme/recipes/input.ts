import { defineRecipe } from '@pandacss/dev';

/** The look of every text control (the `input` recipe and the field's input/select/textarea slots). */
export const inputBase = {
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
