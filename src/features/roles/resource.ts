import { defineResource } from '@/lib/resources';

/**
 * Roles of the users-permissions plugin (spec 000 §2.5, §2.7): the list and the new-role screen
 * need `createRole`, the permission matrix `updateRole`. The API answers every role at once; the
 * screen sorts and pages them.
 */
export const roleResource = defineResource({
  api: 'users-permissions',
  controller: 'role',
  label: 'Perfis de acesso',
  icon: 'roles',
  path: '/users-permissions/roles',
  routes: { '/roles': 'createRole', '/role/new': 'createRole', '/role/$id': 'findOne', '/role/$id/permissions': 'updateRole' },
  menu: { group: 'ADMINISTRAÇÃO', order: 20 },
  list: {
    route: '/roles',
    unpaged: true,
    sort: { id: 'ID', name: 'Nome', type: 'Tipo' },
  },
});
