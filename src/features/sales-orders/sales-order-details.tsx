import { useQuery } from '@tanstack/react-query';
import { Link, type ToOptions } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Icon } from '@/components/ui/icons';
import { isApiError } from '@/lib/api';
import { formatDocument } from '@/lib/document';
import { formatDate } from '@/lib/format';
import { formatBRL } from '@/lib/money';
import { salesOrderQueries } from './api';
import { orderDispatcherName, type SalesOrder } from './schema';
import { refUserName } from '@/shared/users';
import { orderStatusBadge } from '@/shared/order-status';
import { StatusBadge } from '@/components/ui/status-badge';
import { cardClass } from '@/components/ui/card';

export const detailStyles = {
  page: css({ display: 'flex', flexDir: 'column', gap: '4', minW: '0' }),
  header: css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' }),
  back: css({ display: 'inline-flex', p: '2', borderRadius: 'md', _hover: { bg: 'gray.100' } }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' }),
  grid: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }),
  card: cardClass,
  cardHeader: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  cardTitle: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
    columnGap: '4',
    rowGap: { base: '0.5', sm: '2' },
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'medium', mb: { base: '2', sm: '0' }, overflowWrap: 'anywhere' },
  }),
  muted: css({ color: 'fg.muted' }),
  link: css({ color: 'primary.500', fontWeight: 'medium', _hover: { textDecoration: 'underline' } }),
};
const s = detailStyles;

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={s.card} aria-labelledby={id}>
      <div className={s.cardHeader}>
        <h2 id={id} className={s.cardTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Header of the order screens: back button, title and status badge. */
export function OrderHeader({
  title,
  order,
  backTo = { to: '/sales-orders' },
}: {
  title: string;
  order?: SalesOrder;
  /** Typed link target of the back button. */ backTo?: ToOptions;
}) {
  return (
    <div className={s.header}>
      <Link {...backTo} aria-label="Voltar" title="Voltar" className={s.back}>
        <Icon name="chevronLeft" />
      </Link>
      <h1 className={s.title}>{title}</h1>
      {order ? <StatusBadge {...orderStatusBadge(order.status_in)} /> : null}
    </div>
  );
}

/**
 * Loads an order by documentId (or numeric id); a failure other than 404 is reported (once, by
 * the QueryCache) as 'Erro ao carregar pedido: {message}'; a 404 shows 'Pedido não encontrado.'.
 */
export function useOrder(id: string) {
  const query = useQuery({ ...salesOrderQueries.detail(id), meta: { errorMessage: 'Erro ao carregar pedido: {message}', ignoreStatuses: [404] } });
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  return { query, notFound };
}

/** The cards of an order that other features draw (its documents and its payments), given the loaded order. */
export interface OrderSections {
  documents: (order: SalesOrder) => ReactNode;
  payments: (order: SalesOrder) => ReactNode;
  /** The order's 'Histórico' (the history feature's), below the cards. */
  history?: (order: SalesOrder) => ReactNode;
}

/**
 * /sales-order/{documentId}/details (spec 001 §2): 'Detalhes do Pedido #id' with the status
 * badge and a back button, and the cards Dados do pedido (with Editar), Documentos, Dados do
 * veículo (two local-only checkboxes) and Dados do pagamento (the Documentos and payments cards
 * are the order-documents and order-payments features', given by the route). 'Pedido não
 * encontrado.' when the order does not exist (or is outside the caller's scope).
 */
export function SalesOrderDetails({ id, sections }: { id: string; sections: OrderSections }) {
  const { query } = useOrder(id);
  const order = query.data;

  if (query.isPending) {
    return (
      <div className={s.page}>
        <OrderHeader title="Detalhes do Pedido" />
        <p className={s.muted}>Carregando...</p>
      </div>
    );
  }
  if (!order) {
    return (
      <div className={s.page}>
        <OrderHeader title="Detalhes do Pedido" />
        <p className={s.muted}>Pedido não encontrado.</p>
      </div>
    );
  }

  const customer = order.customer_id && 'name' in order.customer_id ? order.customer_id : null;
  return (
    <div className={s.page}>
      <OrderHeader title={`Detalhes do Pedido #${order.id}`} order={order} />
      <div className={s.grid}>
        <Card
          title="Dados do pedido"
          action={
            <Link to="/sales-order/$id" params={{ id: order.documentId }} className={s.link}>
              Editar
            </Link>
          }
        >
          <dl className={s.list}>
            <dt>Tipo</dt>
            <dd>{order.sales_type || '—'}</dd>
            <dt>Data</dt>
            <dd>{formatDate(order.billing_date) || '—'}</dd>
            <dt>Cliente</dt>
            <dd>{customer?.name || '—'}</dd>
            <dt>Concessionária</dt>
            <dd>{refUserName(order.user_company_id) || '—'}</dd>
            <dt>Despachante</dt>
            <dd>{orderDispatcherName(order) || '—'}</dd>
            <dt>CPF/CNPJ do cliente</dt>
            <dd>{customer?.cpf_cnpj ? formatDocument(customer.cpf_cnpj) : '—'}</dd>
          </dl>
        </Card>
        {sections.documents(order)}
        <VehicleCard order={order} />
        {sections.payments(order)}
        {sections.history?.(order)}
      </div>
    </div>
  );
}

/** 'Dados do veículo': Data NFE, Tipo de veículo, Valor, and two checkboxes kept on this screen only (spec 001 §2). */
function VehicleCard({ order }: { order: SalesOrder }) {
  const [specialPlate, setSpecialPlate] = useState(Boolean(order.is_vehicle_special_plate));
  const [lien, setLien] = useState(Boolean(order.is_vehicle_financed));
  const vehicleType = order.vehicle_type_id && 'name' in order.vehicle_type_id ? order.vehicle_type_id.name : '';
  const check = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', minH: '8', '& input': { w: '4', h: '4', accentColor: 'primary.500' } });
  return (
    <Card title="Dados do veículo">
      <dl className={s.list}>
        <dt>Data NFE</dt>
        <dd>{formatDate(order.billing_date) || '—'}</dd>
        <dt>Tipo de veículo</dt>
        <dd>{vehicleType || '—'}</dd>
        <dt>Valor</dt>
        <dd>{formatBRL(order.vehicle_price)}</dd>
      </dl>
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
        <label className={check}>
          <input type="checkbox" checked={specialPlate} onChange={(e) => setSpecialPlate(e.target.checked)} /> Placa especial
        </label>
        <label className={check}>
          <input type="checkbox" checked={lien} onChange={(e) => setLien(e.target.checked)} /> Veículo com alienação
        </label>
      </div>
    </Card>
  );
}
