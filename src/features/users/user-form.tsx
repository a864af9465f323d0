import { PlaceholderPage } from '@/components/layout/placeholder-page';

/** Placeholder: the screen arrives with its own issue; the route and its permission already exist. */
export function UserForm({ mode }: { id?: string; mode: 'new' | 'edit' }) {
  return <PlaceholderPage title={mode === 'new' ? 'Novo usuário' : 'Editar usuário'} backTo={{ to: '/users' }} note="Esta tela chega com a sua issue." />;
}
