import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function DespachanteDetails(_props: { id: string }) {
  return <PlaceholderPage title={'Despachante'} backTo={{ to: '/despachantes' }} note="Esta tela chega com a sua issue." />;
}
