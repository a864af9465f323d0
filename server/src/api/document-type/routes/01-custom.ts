import { exportRoute } from '../../../utils/export';

/**
 * Custom document-type routes (spec 001 §7 "Order documents and files"). Loaded before the
 * core router (alphabetical order) so `get-signed-url` is not taken for a documentId.
 */
export default {
  routes: [
    // "Exportar" of the list (utils/export): holders of document-type.find
    exportRoute('api::document-type.document-type', '/document-types'),
    {
      method: 'GET',
      path: '/document-types/get-signed-url',
      handler: 'document-type.getSignedUrl',
      config: {},
    },
  ],
};
