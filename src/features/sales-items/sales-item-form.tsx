import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function SalesItemForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <PlaceholderPage
      title={mode === 'new' ? 'Novo item para venda' : 'Editar item para venda'}
      backTo={{ to: '/sales-items' }}
      note="Esta tela chega com a sua issue."
    />
  );
}
