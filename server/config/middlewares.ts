/**
 * Middleware stack.
 * - CORS origins come from CORS_ORIGINS (comma separated); `Idempotency-Key` is an allowed header.
 * - strapi::body reads multipart up to 20 MB so global::upload-guard can answer the 15 MB rule
 *   itself with a readable message (issue 2 "Uploads").
 * - global::db-errors turns PostgreSQL value errors (22xxx) into 400s instead of 500s.
 * - global::query-shape (after strapi::query): malformed filters answer 400 on every /api route.
 * - global::signed-files before strapi::public: /uploads/* needs a valid signature.
 * - global::upload-guard then global::idempotency after strapi::body (they read the parsed body).
 */
export default ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  'global::db-errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      origin: env.array('CORS_ORIGINS', ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://127.0.0.1:4173']),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'Idempotency-Key'],
      expose: ['Idempotent-Replayed'],
      keepHeaderOnError: true,
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  'global::query-shape',
  {
    name: 'strapi::body',
    config: {
      formLimit: '1mb',
      jsonLimit: '1mb',
      textLimit: '1mb',
      formidable: { maxFileSize: 20 * 1024 * 1024, maxTotalFileSize: 20 * 1024 * 1024, maxFiles: 10 },
    },
  },
  'global::upload-guard',
  'global::idempotency',
  'strapi::session',
  'strapi::favicon',
  'global::signed-files',
  'strapi::public',
];
