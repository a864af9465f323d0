import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** The spec's own placeholder page (spec 001 §2 Dispatchers). */
export function AddServicoScreen(_props: { id: string }) {
  return <PlaceholderPage title={'Incluir Serviço'} />;
}
