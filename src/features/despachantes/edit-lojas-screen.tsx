import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** The spec's own placeholder page (spec 001 §2 Dispatchers). */
export function EditLojasScreen({ id }: { id: string }) {
  return <PlaceholderPage title={'Editar Lojas'} backTo={{ to: '/despachante/$id', params: { id } }} />;
}
