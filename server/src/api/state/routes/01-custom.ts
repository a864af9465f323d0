import { exportRoute } from '../../../utils/export';

/**
 * GET /states/export: the list as a CSV or XLSX file (utils/export), for holders of state.find.
 * Loaded before the core router (alphabetical order), so `export` is not taken for a documentId.
 */
export default {
  routes: [exportRoute('api::state.state', '/states')],
};
