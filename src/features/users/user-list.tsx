import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ListPage, useResourceList, type ListColumn } from '@/components/layout/list';
import { Switch } from '@/components/ui/switch';
import { formatDocument } from '@/lib/document';
import type { ListSearch } from '@/lib/list-search';
import { crudAbilities } from '@/lib/permissions';
import { isAdministrator, useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';
import { ADMIN_ONLY_REASONS } from '@/shared/admin-only';
import { deleteUser, setUserBlocked, userKeys, userListInput, userQueries } from './api';
import { userResource } from './resource';
import { userStateName, type User } from './schema';

/**
 * The status switch of a row: on = not blocked (spec 000 §2.6, §4 "User active/blocked"). A role
 * holding `user.update` without being an administrator sees it disabled, with the reason.
 */
function StatusSwitch({
  user,
  canUpdate,
  reason,
  onToggle,
  busy,
}: {
  user: User;
  canUpdate: boolean;
  reason: string | undefined;
  onToggle: (u: User, blocked: boolean) => void;
  busy: boolean;
}) {
  const active = !user.blocked;
  return (
    <Switch label={active ? 'Ativo' : 'Bloqueado'} checked={active} disabled={!canUpdate || busy} description={reason} onChange={(on) => onToggle(user, !on)} />
  );
}

/**
 * /users 'Usuários' (spec 000 §2.4, §2.6, §6, §7, §8): ID, CPF/CNPJ (formatted), Nome completo,
 * Email, Estado (name or N/A; not sortable) and the status switch (PUT {blocked}; 'Status updated'
 * / 'Error' toasts); the filter panel (ID do Usuário, Username, Email, Nome, the blocked switch,
 * Ordenar por, Direção) sent as `$eq` / `$containsi`; new, edit and delete ('User deleted' /
 * 'Error') only for holders of create / update / destroy on users-permissions › user.
 */
export function UserList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const { permissions, user: me } = useSession();
  // The server lets a non-administrator update only their own account, and never `blocked`
  // (self-or-admin policy, ADMIN_ONLY fields): Editar shows on their own row, the switch stays read-only.
  const admin = isAdministrator(me);
  const { canUpdate: mayUpdate } = crudAbilities(permissions, userResource);
  const canUpdate = mayUpdate && admin;
  const reason = mayUpdate && !admin ? ADMIN_ONLY_REASONS.blockUser : undefined;
  const list = useResourceList({ search, onSearchChange, query: userQueries.list(userListInput(search)) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all() });
  const status = useMutation({
    mutationFn: ({ user, blocked }: { user: User; blocked: boolean }) => setUserBlocked(user.id, blocked),
    meta: {
      successTitle: 'Status updated',
      successMessage: 'User status updated successfully.',
      errorTitle: 'Error',
      errorMessage: 'Unable to update user status.',
      // the spec's fixed text, but a refusal reads the server's reason (a session gone stale)
      useServerMessage: 'refusal',
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (user: User) => deleteUser(user.id),
    meta: {
      successTitle: 'User deleted',
      successMessage: 'User has been deleted successfully.',
      errorTitle: 'Error',
      errorMessage: 'Unable to delete the user.',
      // the spec's fixed text, but a refusal reads the server's reason (the last active administrator)
      useServerMessage: 'refusal',
    },
    onSuccess: refresh,
  });
  const pendingId = status.isPending ? status.variables?.user.id : undefined;
  const isMobile = useIsMobile();
  const statusSwitch = (user: User) => (
    <StatusSwitch
      user={user}
      canUpdate={canUpdate}
      reason={reason}
      busy={pendingId === user.id}
      onToggle={(u, blocked) => status.mutate({ user: u, blocked })}
    />
  );

  const columns = useMemo<ListColumn<User>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'username', header: 'CPF/CNPJ', accessorFn: (u) => formatDocument(u.username), meta: { export: { value: 'username', format: 'document' } } },
      { id: 'name', header: 'Nome completo', accessorFn: (u) => u.name ?? '', meta: { wrap: true, export: { value: 'name' } } },
      { id: 'email', header: 'Email', accessorFn: (u) => u.email ?? '', meta: { priority: 2, export: { value: 'email' } } },
      {
        id: 'state',
        header: 'Estado',
        accessorFn: userStateName,
        enableSorting: false,
        meta: { priority: 3, export: { value: 'address_state_id.name', fallback: 'N/A' } },
      },
      {
        id: 'blocked',
        header: 'Status',
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => statusSwitch(row.original),
        meta: { export: { value: 'blocked', format: 'label', labels: { true: 'Bloqueado', false: 'Ativo' }, fallback: 'Ativo' } },
      },
    ],
    // status.mutate is stable; pendingId, canUpdate and reason change the cells
    [canUpdate, reason, pendingId],
  );

  return (
    <ListPage<User>
      resource={userResource}
      list={list}
      columns={columns}
      getRowId={(u) => String(u.id)}
      newTo={{ to: '/user/new' }}
      editTo={(u) => ({ to: '/user/$id', params: { id: String(u.id) } })}
      canEditRow={(u) => admin || u.id === me?.id}
      onDelete={(u) => remove.mutateAsync(u)}
      // the cards show the first 4 columns (spec 000 §2.4, §9); the switch joins their actions
      rowActions={isMobile ? statusSwitch : undefined}
    />
  );
}
