import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function DespachanteForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <PlaceholderPage
      title={mode === 'new' ? 'Novo despachante' : 'Editar despachante'}
      backTo={{ to: '/despachantes' }}
      note="Esta tela chega com a sua issue."
    />
  );
}
