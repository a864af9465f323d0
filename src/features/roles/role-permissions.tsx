import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function RolePermissions(_props: { id: string }) {
  return <PlaceholderPage title={'Manage Permissions'} backTo={{ to: '/roles' }} note="Esta tela chega com a sua issue." />;
}
