import { exportRoute } from '../../../utils/export';

/**
 * GET /payment-methods/export: the list as a CSV or XLSX file (utils/export), for holders of payment-method.find.
 * Loaded before the core router (alphabetical order), so `export` is not taken for a documentId.
 */
export default {
  routes: [exportRoute('api::payment-method.payment-method', '/payment-methods')],
};
