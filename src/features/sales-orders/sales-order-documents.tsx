import { css } from 'styled-system/css';
import type { ReactNode } from 'react';
import { OrderHeader, detailStyles, useOrder } from './sales-order-details';
import type { SalesOrder } from './schema';

/**
 * /sales-order/{documentId}/documentos (spec 001 §2: "content not shown beyond the document
 * behaviour under the details screen"): the order's header and the same Documentos card,
 * full width (the order-documents feature's, given by the route). Back goes to the order's details.
 */
export function SalesOrderDocuments({ id, documents }: { id: string; documents: (order: SalesOrder) => ReactNode }) {
  const { query } = useOrder(id);
  const order = query.data;
  return (
    <div className={detailStyles.page}>
      <OrderHeader
        title={order ? `Documentos do Pedido #${order.id}` : 'Documentos do Pedido'}
        order={order}
        backTo={order ? { to: '/sales-order/$id/details', params: { id: order.documentId } } : { to: '/sales-orders' }}
      />
      {query.isPending ? (
        <p className={detailStyles.muted}>Carregando...</p>
      ) : !order ? (
        <p className={detailStyles.muted}>Pedido não encontrado.</p>
      ) : (
        <div className={css({ maxW: '720px' })}>{documents(order)}</div>
      )}
    </div>
  );
}
