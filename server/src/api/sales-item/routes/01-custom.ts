import { exportRoute } from '../../../utils/export';

/**
 * GET /sales-items/export: the list as a CSV or XLSX file (utils/export), for holders of sales-item.find.
 * Loaded before the core router (alphabetical order), so `export` is not taken for a documentId.
 */
export default {
  routes: [exportRoute('api::sales-item.sales-item', '/sales-items')],
};
