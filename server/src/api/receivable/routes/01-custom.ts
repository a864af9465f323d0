import { exportRoute } from '../../../utils/export';

/** Receivable custom actions (spec 001 §7): confirm and undo by numeric id or documentId, empty body. */
export default {
  routes: [
    // "Exportar" of the list (utils/export): holders of receivable.find
    exportRoute('api::receivable.receivable', '/receivables'),
    { method: 'POST', path: '/receivables/confirm/:id', handler: 'api::receivable.receivable.confirm', config: {} },
    { method: 'POST', path: '/receivables/undo/:id', handler: 'api::receivable.receivable.undo', config: {} },
  ],
};
