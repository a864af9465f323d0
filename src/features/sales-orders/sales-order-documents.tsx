import { css } from 'styled-system/css';
import { OrderDocumentsSection } from './order-documents-section';
import { OrderHeader, detailStyles, useOrder } from './sales-order-details';

/**
 * /sales-order/{documentId}/documentos (spec 001 §2: "content not shown beyond the document
 * behaviour under the details screen"): the order's header and the same Documentos card,
 * full width. Back goes to the order's details.
 */
export function SalesOrderDocuments({ id }: { id: string }) {
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
        <div className={css({ maxW: '720px' })}>
          <OrderDocumentsSection order={order} />
        </div>
      )}
    </div>
  );
}
