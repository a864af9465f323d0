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
 * `http.serverOptions`: an idle keep-alive connection stays open 65 s (Node's default is 5 s). A client that
 * sends its next request on a connection at the very moment the server closes it gets ECONNRESET, and
 * clients that do not retry (Node's agents, Playwright's request context) fail a POST that never reached
 * the server; 65 s is past the 60 s idle time of the usual clients and balancers, which then close first.
 * headersTimeout stays above it, as Node requires. Behind HAProxy (`option http-server-close`) each
 * instance connection carries one request, so this only concerns clients that connect directly.
 */
export default ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.int('TRUST_PROXY_HOPS', 0) > 0, maxIpsCount: Math.max(env.int('TRUST_PROXY_HOPS', 0), 0) },
  app: { keys: env.array('APP_KEYS') },
  http: { serverOptions: { keepAliveTimeout: 65_000, headersTimeout: 66_000 } },
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { startup: { enabled: env.bool('STRAPI_STARTUP_BANNER', false) }, updates: { enabled: false } },
});
