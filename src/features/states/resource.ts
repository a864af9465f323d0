import { defineResource } from '@/lib/resources';

/** States (spec 000 §2.9, §7): a register and a cached lookup (the address selects). */
export const stateResource = defineResource({
  api: 'state',
  controller: 'state',
  label: 'Estados',
  icon: 'states',
  path: '/states',
  routes: { '/states': 'find', '/state/$id': 'findOne', '/state/new': 'create' },
  menu: { group: 'ADMINISTRAÇÃO', order: 30 },
  lookup: {},
  list: {
    route: '/states',
    // The columns are ours (the spec shows none: docs/decisions.md).
    sort: { id: 'ID', name: 'Nome', abbreviation: 'Sigla', createdAt: 'Criado em' },
    filters: [
      { name: 'id', label: 'ID', type: 'number' },
      { name: 'name', label: 'Nome' },
      { name: 'abbreviation', label: 'Sigla' },
    ],
  },
});
