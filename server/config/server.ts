/**
 * HTTP server. No proxy is trusted by default (Strapi itself serves the PWA and the API on one
 * machine): `ctx.request.ip` is the socket's address and a client-sent X-Forwarded-For is ignored.
 * Behind load balancers/reverse proxies the app runs, TRUST_PROXY_HOPS=<n> trusts exactly the
 * last n X-Forwarded-For entries (Koa `proxy` + `maxIpsCount`), so the /auth rate limit keys on
 * the real client and a forged leading entry changes nothing.
 * `dirs.public` (PUBLIC_DIR, default server/public) is where /uploads/* are stored;
 * the test harness points it at a temporary directory.
 * `logger.startup` off: Strapi's banner points at an /admin panel this app does not serve
 * (`npm start` prints the address and the demo logins itself).
 * `logger.updates` off: Strapi's update notifier asks the npm registry for a newer Strapi once a day;
 * the version is pinned and upgraded on purpose, and an instance has no business calling out
 * (Strapi 5 ignores STRAPI_DISABLE_UPDATE_NOTIFICATION and only warns about it).
 */
export default ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.int('TRUST_PROXY_HOPS', 0) > 0, maxIpsCount: Math.max(env.int('TRUST_PROXY_HOPS', 0), 0) },
  app: { keys: env.array('APP_KEYS') },
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { startup: { enabled: env.bool('STRAPI_STARTUP_BANNER', false) }, updates: { enabled: false } },
});
