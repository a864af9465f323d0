import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function VehicleTypeForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <PlaceholderPage
      title={mode === 'new' ? 'Novo tipo de veículo' : 'Editar tipo de veículo'}
      backTo={{ to: '/vehicle-types' }}
      note="Esta tela chega com a sua issue."
    />
  );
}
