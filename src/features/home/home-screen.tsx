import type { ToOptions } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { hasPermission } from '@/lib/permissions';
import type { OrderStatus } from '@/shared/order-status';
import { useSession } from '@/lib/session';
import { MonthlyCard } from './monthly-card';
import { OrdersCard } from './orders-card';
import { OutboxCard } from './outbox-card';
import { ReceivablesCard } from './receivables-card';

/** Where the figures lead: Pedidos filtered by a status; Contas a Receber filtered by Pendente. */
export interface HomeLinks {
  orders: (status: OrderStatus) => ToOptions;
  pendingReceivables: ToOptions;
}

const can = (action: string) => ({ api: 'dashboard', controller: 'dashboard', action });

const s = {
  title: css({ fontSize: '2xl', fontWeight: 'bold' }),
  grid: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }),
};

/**
 * Home `/`, titled Dashboard (spec 000 §2.1), with what needs the signed-in user today
 * (docs/decisions.md "The home"): orders by status, pending receivables and their age, paid and
 * pending per month, and this device's queue. Each figure is shown to a role that may ask for it
 * (the server grants it with the list it counts) and is counted in the caller's data scope.
 * `links` are the lists the figures open (the route composes them from the lists' declarations).
 */
export function HomeScreen({ links }: { links: HomeLinks }) {
  const { permissions } = useSession();
  const orders = hasPermission(permissions, can('ordersByStatus'));
  const pending = hasPermission(permissions, can('receivablesPending'));
  const monthly = hasPermission(permissions, can('receivablesMonthly'));
  return (
    <div className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <h1 className={s.title}>Dashboard</h1>
      <div className={s.grid}>
        {orders ? <OrdersCard linkTo={links.orders} /> : null}
        {pending ? <ReceivablesCard linkTo={links.pendingReceivables} /> : null}
        <OutboxCard />
        {monthly ? <MonthlyCard /> : null}
      </div>
    </div>
  );
}
