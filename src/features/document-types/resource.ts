import { defineResource } from '@/lib/resources';

/**
 * Document types (spec 000 §2.10): its routes need only a session (spec 000 §2.1), its menu item
 * `state find` (spec 000 §2.2); a cached lookup (the order documents' select).
 */
export const documentTypeResource = defineResource({
  api: 'document-type',
  controller: 'document-type',
  label: 'Tipos de Documento',
  icon: 'documents',
  path: '/document-types',
  routes: { '/document-type': 'signed-in', '/document-type/new': 'signed-in', '/document-type/$id': 'signed-in' },
  menu: { group: 'ADMINISTRAÇÃO', order: 40, permission: { api: 'state', controller: 'state', action: 'find' } },
  lookup: {},
  // all rows at once (start/limit, not a lookup page) when the screen mounts (no loader)
  list: { route: '/document-type', early: false },
});
