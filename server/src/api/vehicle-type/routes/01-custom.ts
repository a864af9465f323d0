import { exportRoute } from '../../../utils/export';

/**
 * GET /vehicle-types/export: the list as a CSV or XLSX file (utils/export), for holders of vehicle-type.find.
 * Loaded before the core router (alphabetical order), so `export` is not taken for a documentId.
 */
export default {
  routes: [exportRoute('api::vehicle-type.vehicle-type', '/vehicle-types')],
};
