import { css } from 'styled-system/css';

/**
 * The class of a section card of a details screen (an order's 'Dados do pedido', 'Dados do
 * pagamento', 'Documentos'): surface background, border, rounded, padded, a grid of its parts.
 */
export const cardClass = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  p: { base: '3', md: '4' },
  display: 'grid',
  gap: '3',
  minW: '0',
});
