import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function CompanyForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <PlaceholderPage
      title={mode === 'new' ? 'Nova concessionária' : 'Editar concessionária'}
      backTo={{ to: '/companies' }}
      note="Esta tela chega com a sua issue."
    />
  );
}
