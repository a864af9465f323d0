/**
 * Bench server (child of bench/api-bench.js): Strapi on the large-seed database, on a free
 * loopback port, plus one bench-only endpoint used as the baseline:
 *   GET /bench/core/<uid>?<same query>  →  strapi.documents(uid).findMany + count with the same
 *   filters/populate/sort/pagination, no auth, validation, data scope or output sanitising;
 *   GET /bench/find/<uid>?…  → the findMany alone; GET /bench/count/<uid>?filters… → the count alone.
 * Prints "PORT=<n>" when ready.
 */
const path = require('node:path');
const appDir = path.resolve(__dirname, '..');
process.chdir(appDir);
if (!process.env.DATABASE_CLIENT || process.env.DATABASE_CLIENT === 'sqlite') {
  process.env.DATABASE_FILENAME = process.env.DATABASE_FILENAME || '.tmp/large.db';
}
Object.assign(process.env, {
  STRAPI_TELEMETRY_DISABLED: 'true',
  SERVE_ADMIN: 'false',
  AUTH_RATELIMIT: 'false',
  NODE_ENV: 'production',
  STRAPI_LOG_LEVEL: 'warn',
});

(async () => {
  const { createStrapi, compileStrapi } = require('@strapi/strapi');
  const ctx = await compileStrapi({ appDir, ignoreDiagnostics: true });
  const strapi = await createStrapi({ ...ctx, autoReload: false, serveAdminPanel: false }).load();
  strapi.log.level = 'warn';
  strapi.server.app.middleware.unshift(async (kctx, next) => {
    const m = /^\/bench\/(core|find|count)\/(.+)$/.exec(kctx.path);
    if (!m) return next();
    const uid = decodeURIComponent(m[2]);
    const q = kctx.query;
    const page = Number(q.pagination?.page ?? 1);
    const pageSize = Number(q.pagination?.pageSize ?? 10);
    const params = { filters: q.filters, populate: q.populate, sort: q.sort, start: (page - 1) * pageSize, limit: pageSize };
    if (m[1] === 'find') {
      kctx.body = { data: await strapi.documents(uid).findMany(params) };
      return;
    }
    if (m[1] === 'count') {
      kctx.body = { total: await strapi.documents(uid).count({ filters: q.filters }) };
      return;
    }
    const [data, total] = await Promise.all([strapi.documents(uid).findMany(params), strapi.documents(uid).count({ filters: q.filters })]);
    kctx.body = { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
  });
  await new Promise((resolve) => strapi.server.listen(0, '127.0.0.1', resolve));
  // under 10 concurrent CPU-bound requests on a shared box a request can wait > 60 s for the event
  // loop; Node's default header/request timeouts would then reset the socket mid-measurement
  strapi.server.httpServer.headersTimeout = 0;
  strapi.server.httpServer.requestTimeout = 0;
  strapi.server.httpServer.keepAliveTimeout = 120000;
  process.stdout.on('error', () => {});
  process.stdout.write(`PORT=${strapi.server.httpServer.address().port}\n`);
  const stop = () => {
    strapi.destroy().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
