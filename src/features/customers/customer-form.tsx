import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function CustomerForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return <PlaceholderPage title={mode === 'new' ? 'Novo cliente' : 'Editar cliente'} backTo={{ to: '/customers' }} note="Esta tela chega com a sua issue." />;
}
