/**
 * HTTP server. `proxy.koa` makes Strapi trust X-Forwarded-For so the /auth
 * rate limit buckets per real client behind the PWA proxy (STRAPI-NOTES).
 * `dirs.public` (PUBLIC_DIR, default server/public) is where /uploads/* are stored;
 * the test harness points it at a temporary directory.
 * `logger.startup` off: Strapi's banner points at an /admin panel this app does not serve
 * (`npm start` prints the address and the demo logins itself).
 */
export default ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.bool('TRUST_PROXY', true) },
  app: { keys: env.array('APP_KEYS') },
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { startup: { enabled: env.bool('STRAPI_STARTUP_BANNER', false) } },
});
