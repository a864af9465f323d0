import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { listPage } from 'styled-system/recipes';
import { ListPage, listQueryView, useListSearch, type ListColumn, type ResourceList } from '@/components/layout/list';
import { Icon } from '@/components/ui/icons';
import type { ListSearch } from '@/lib/list-search';
import { hasPermission } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { deleteRole, roleKeys, roleQueries } from './api';
import { roleResource } from './resource';
import { isDeletableRole, type Role } from './schema';

const columns: ListColumn<Role>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name', meta: { wrap: true } },
  { id: 'description', header: 'Descrição', accessorFn: (r) => r.description ?? '', enableSorting: false, meta: { priority: 3, wrap: true } },
  { id: 'type', header: 'Tipo', accessorFn: (r) => r.type ?? '', meta: { priority: 2 } },
  { id: 'nb_users', header: 'Usuários', accessorFn: (r) => r.nb_users ?? 0, enableSorting: false, meta: { priority: 2 } },
];

/**
 * The page of `roles` the URL asks for: sorted by `sort` (`field:asc|desc`, id/name/type;
 * default id ascending), then cut to `page`/`pageSize`. `GET /users-permissions/roles` answers
 * every role at once, so the list pages on the client.
 */
export function pageOfRoles(roles: readonly Role[], { page, pageSize, sort }: Pick<ListSearch, 'page' | 'pageSize' | 'sort'>): Role[] {
  const [field = 'id', dir = 'asc'] = (sort ?? 'id:asc').split(':');
  const key = (r: Role): string | number => (field === 'name' ? r.name : field === 'type' ? (r.type ?? '') : r.id);
  const sorted = [...roles].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'pt-BR');
    return dir === 'desc' ? -order : order;
  });
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}

/**
 * /roles 'Papéis & Permissões' (spec 000 §2.4, §2.7): every role with its type and number of
 * users; Novo with role createRole, edit and 'Permissões' with updateRole, delete with deleteRole
 * but never for the public, authenticated and administrator roles. Delete failure: 'Não foi
 * possível deletar o papel.' (or the server's message).
 */
export function RoleList({ search, onSearchChange }: { search: ListSearch; onSearchChange: (next: ListSearch) => void }) {
  const queryClient = useQueryClient();
  const { permissions } = useSession();
  const controls = useListSearch({ search, onSearchChange });
  const view = listQueryView(useQuery(roleQueries.list()));
  const rows = useMemo(() => (view.data ? pageOfRoles(view.data, search) : undefined), [view.data, search]);
  const list: ResourceList<Role> = {
    ...controls,
    rows: view.isLoading ? undefined : (rows ?? []),
    total: view.data?.length ?? 0,
    isLoading: view.isLoading,
    nothingOffline: view.nothingOffline,
  };
  const remove = useMutation({
    mutationFn: (role: Role) => deleteRole(role.id),
    meta: { successMessage: 'Papel excluído com sucesso', errorMessage: 'Não foi possível deletar o papel.' },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: roleKeys.all() }),
  });
  const can = (action: string) => hasPermission(permissions, roleResource.permission(action));
  const canEditPermissions = can('updateRole');
  const iconLink = listPage().iconLink;
  return (
    <ListPage<Role>
      resource={roleResource}
      title="Papéis & Permissões"
      abilities={{ canCreate: can('createRole'), canUpdate: can('findOne') && canEditPermissions, canDelete: can('deleteRole') }}
      list={list}
      columns={columns}
      getRowId={(r) => String(r.id)}
      newTo={{ to: '/role/new' }}
      editTo={(r) => ({ to: '/role/$id', params: { id: String(r.id) } })}
      onDelete={(r) => remove.mutateAsync(r)}
      canDeleteRow={isDeletableRole}
      rowActions={
        canEditPermissions
          ? (r) => (
              <Link to="/role/$id/permissions" params={{ id: String(r.id) }} className={iconLink} aria-label={`Permissões de ${r.name}`} title="Permissões">
                <Icon name="roles" size={16} />
              </Link>
            )
          : undefined
      }
    />
  );
}
