import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function StateForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return <PlaceholderPage title={mode === 'new' ? 'Novo estado' : 'Editar estado'} backTo={{ to: '/states' }} note="Esta tela chega com a sua issue." />;
}
