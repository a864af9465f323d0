import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { inputBase } from './input';

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
