/**
 * Middleware stack.
 * - global::request-id (first): the request's id on `ctx.state.requestId`, on every log line of the
 *   request (config/logger.ts) and in the `X-Request-Id` answer header (docs/deploy.md "Request ids").
 * - CORS origins come from CORS_ORIGINS (comma separated; default none: the PWA is served from the
 *   API's own origin or through the Vite proxy); `Idempotency-Key` is an allowed header, and
 *   `Idempotent-Replayed`, `X-Request-Id` and `Content-Disposition` (an export's file name) are answer headers the
 *   page may read.
 * - strapi::body reads multipart up to 20 MB so global::upload-guard can answer the 15 MB rule
 *   itself with a readable message.
 * - global::db-errors turns PostgreSQL value errors (22xxx) into 400s instead of 500s.
 * - global::signed-files answers EVERY request that names /uploads in any spelling, before the
 *   static routes of strapi::public and of the upload plugin (both koa-static, which decode the
 *   path) can see it: it serves /uploads/<name> with a valid signature itself, on one canonical
 *   path, and refuses the rest. strapi::public stays only because Strapi requires it.
 * - global::body-drain (before strapi::body): after a 413 the unread rest of the body is discarded,
 *   so the keep-alive connection serves the next request.
 * - global::canonical-path (second): an API path in a spelling no client uses (a route's literal segment
 *   in another case, a percent-encoded letter or digit) answers 404 before anything runs.
 * - Guards that read what a request means run as ROUTE middlewares, after the router matched (it
 *   ignores the path's case and a trailing slash), not here: global::body-shape and global::query-shape
 *   on every content-API route (src/utils/route-guards.ts), global::upload-guard and global::idempotency
 *   on the routes that declare them (docs/architecture.md "Guards on routes").
 * - global::compression (koa-compress's rules: br quality 4 / gzip, ≥ 1 KB, compressible types) for API
 *   answers, an answer held in memory compressed in one synchronous call (src/middlewares/compression.ts);
 *   global::pwa (after global::signed-files, so every spelling of /uploads is theirs) serves the built
 *   PWA from PWA_DIR, its files precompressed at build time (docs/architecture.md "How the app is served").
 */
export default ({ env }) => [
  'global::request-id',
  'global::canonical-path',
  'strapi::logger',
  'global::compression',
  'strapi::errors',
  'global::db-errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      origin: env.array('CORS_ORIGINS', []),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'Idempotency-Key'],
      expose: ['Idempotent-Replayed', 'X-Request-Id', 'Content-Disposition'],
      keepHeaderOnError: true,
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  'global::body-drain',
  {
    name: 'strapi::body',
    config: {
      formLimit: '1mb',
      jsonLimit: '1mb',
      textLimit: '1mb',
      formidable: { maxFileSize: 20 * 1024 * 1024, maxTotalFileSize: 20 * 1024 * 1024, maxFiles: 10 },
    },
  },
  'strapi::session',
  'strapi::favicon',
  'global::signed-files',
  'global::pwa',
  'strapi::public',
];
