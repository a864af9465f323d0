/**
 * Middleware stack. CORS origins come from CORS_ORIGINS (comma separated);
 * the default set-up serves the PWA and the API from one origin, so it is
 * rarely needed. Project middlewares are added by the issues that need them.
 */
export default ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      origin: env.array('CORS_ORIGINS', ['http://localhost:5173', 'http://127.0.0.1:5173']),
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'Idempotency-Key'],
      keepHeaderOnError: true,
    },
  },
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: { formLimit: '1mb', jsonLimit: '1mb', textLimit: '1mb', formidable: { maxFileSize: 15 * 1024 * 1024 } },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
