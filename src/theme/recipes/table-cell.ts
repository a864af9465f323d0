import { defineRecipe } from '@pandacss/dev';

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
