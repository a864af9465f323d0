import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function ProfileScreen() {
  return <PlaceholderPage title={'Perfil'} note="Esta tela chega com a sua issue." />;
}
