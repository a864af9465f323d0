import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function SalesOrderDetails(_props: { id: string }) {
  return <PlaceholderPage title={'Detalhes do Pedido'} backTo="/sales-orders" note="Esta tela chega com a sua issue." />;
}
