import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function DocumentTypeScreen(_props: { id?: string; modal?: 'new' | 'edit' }) {
  return <PlaceholderPage title={'Tipos de Documento'} note="Esta tela chega com a sua issue." />;
}
