import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function SalesOrderDocuments(_props: { id: string }) {
  return <PlaceholderPage title={'Documentos do Pedido'} backTo="/sales-orders" note="Esta tela chega com a sua issue." />;
}
