/**
 * Custom document-type routes (spec 001 §7 "Order documents and files"). Loaded before the
 * core router (alphabetical order) so `get-signed-url` is not taken for a documentId.
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '/document-types/get-signed-url',
      handler: 'document-type.getSignedUrl',
      config: {},
    },
  ],
};
