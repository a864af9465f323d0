import { defineResource } from '@/lib/resources';

/**
 * The history of money and documents (docs/architecture.md "History of money and documents"): who changed what, when, with each
 * changed field's old and new value. Records show their own history in a 'Histórico' card (order details,
 * receivable form, user form, with the `find` permission every role holds); administrators have the
 * screen of all history, filtered by user and period (`findAll`, GET /history-entries/all).
 */
export const historyResource = defineResource({
  api: 'history-entry',
  controller: 'history-entry',
  label: 'Histórico',
  icon: 'history',
  path: '/history-entries',
  routes: { '/history': 'findAll' },
  menu: { group: 'ADMINISTRAÇÃO', order: 50, to: '/history' },
});
