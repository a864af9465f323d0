import { defineResource } from '@/lib/resources';

/**
 * Dispatchers: companies of type dispatcher, on the company API (spec 001 §9). Spec 000 §2.1:
 * the screens need company create (update for edit-lojas, findOne for details) although the menu
 * item shows with company find (docs/decisions.md, "Menu vs route permissions"); hidden from
 * concessionárias.
 */
export const despachanteResource = defineResource({
  api: 'company',
  controller: 'company',
  label: 'Despachantes',
  icon: 'dispatcher',
  path: '/companies',
  routes: {
    '/despachantes': 'create',
    '/despachante/$id': 'create',
    '/despachante/new': 'create',
    '/despachante/$id/details': 'findOne',
    '/despachante/$id/edit-lojas': 'update',
    '/despachante/$id/add-servico': 'create',
  },
  menu: { group: 'CADASTROS', order: 10, permission: 'find', restrictedTypes: ['concessionaria'] },
  // one request of 100 dispatchers with selected fields when the screen mounts (no loader);
  // 'dispacher' is the spec's misspelling, still found in old rows
  list: { route: '/despachantes', early: false, where: { type: { $in: ['dispatcher', 'dispacher'] } } },
});
