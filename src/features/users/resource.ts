import { defineResource } from '@/lib/resources';

/**
 * Users of the users-permissions plugin (spec 000 §2.3, §2.6, §7); delete is `destroy`. Users of
 * one type are a cached lookup (the dispatcher and dealership selects); a dispatcher company's
 * writes create or delete its login user, so they change that lookup too. A username typed with
 * its mask (529.982...) is searched as the bare characters the server stores.
 */
export const userResource = defineResource({
  api: 'users-permissions',
  controller: 'user',
  label: 'Usuários',
  icon: 'users',
  path: '/users',
  routes: { '/users': 'find', '/user/$id': 'findOne', '/user/new': 'create', '/profile': 'me' },
  menu: { group: 'ADMINISTRAÇÃO', order: 10 },
  lookup: { param: 'filters[type][$eq]', changedBy: ['/companies'] },
  list: {
    route: '/users',
    populate: '*',
    sort: { id: 'ID', username: 'Username', name: 'Nome', email: 'Email', createdAt: 'Data de criação' },
    filters: [
      { name: 'id', label: 'ID do Usuário', type: 'number' },
      { name: 'username', label: 'Username', clean: 'mask' },
      { name: 'email', label: 'Email' },
      { name: 'name', label: 'Nome' },
      { name: 'blocked', label: 'Apenas usuários bloqueados', offLabel: 'Apenas usuários ativos', type: 'switch' },
    ],
  },
});
