import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function SalesOrderForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return <PlaceholderPage title={mode === 'new' ? 'Novo pedido' : 'Editar pedido'} backTo="/sales-orders" note="Esta tela chega com a sua issue." />;
}
