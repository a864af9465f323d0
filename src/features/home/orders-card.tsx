import { useQuery } from '@tanstack/react-query';
import { Link, type ToOptions } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from '@/shared/order-status';
import { homeQueries } from './api';
import { figureStyles as f, WidgetCard } from './widget';

/** 'Pedidos por situação': the caller's orders per status, each a link (`linkTo`) to Pedidos filtered by that status. */
export function OrdersCard({ linkTo }: { linkTo: (status: OrderStatus) => ToOptions }) {
  const query = useQuery(homeQueries.ordersByStatus());
  return (
    <WidgetCard title="Pedidos por situação" query={query}>
      {(rows) => (
        <ul className={f.list}>
          {rows
            .filter((r) => isOrderStatus(r.status))
            .map((r) => {
              const status = r.status as OrderStatus;
              return (
                <li key={status} className={f.row}>
                  <Link {...linkTo(status)} className={f.link} data-testid={`home-orders-${status}`}>
                    {ORDER_STATUS_LABELS[status]}
                  </Link>
                  <span className={f.number}>{r.count.toLocaleString('pt-BR')}</span>
                </li>
              );
            })}
        </ul>
      )}
    </WidgetCard>
  );
}
