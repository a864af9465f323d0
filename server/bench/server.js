/**
 * Bench server (child of bench/api-bench.js): Strapi on the large-seed database, on a free
 * loopback port, plus one bench-only endpoint used as the baseline:
 *   GET /bench/core/<uid>?<same query>  →  strapi.documents(uid).findMany + count with the same
 *   filters/populate/sort/pagination, no auth, validation, data scope or output sanitising;
 *   GET /bench/find/<uid>?…  → the findMany alone; GET /bench/count/<uid>?filters… → the count alone;
 *   GET /bench/home-sql/<user id> → the home's aggregate statements for that user now (SQL and bindings,
 *   dates as {$date}), which bench/home-bench.js replays straight on the database.
 *   GET /bench/memory → process.memoryUsage(), ?gc=1 after a forced GC (bench/export-bench.js).
 *   GET /bench/record/start, then one API request, then GET /bench/record/stop → the SQL statements knex sent
 *   meanwhile ({sql, bindings}, in order), which bench/api-bench.js replays straight on the database.
 * Prints "PORT=<n>" when ready. BENCH_WORKERS=n: n such processes on one port (below).
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

const cluster = require('node:cluster');
const WORKERS = Number(process.env.BENCH_WORKERS || 1);

/**
 * BENCH_WORKERS=n > 1: this process is the primary of n Strapi workers on one port, as `npm start`
 * runs them (scripts/start.mjs: SCHED_NONE, the first worker boots alone, then the others); it prints
 * "PORT=<n>" once all of them listen, and stops them on SIGTERM.
 */
async function primary() {
  const port = await new Promise((resolve) => {
    const probe = require('node:net').createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let up = 0;
  let stopping = false;
  cluster.on('listening', () => {
    up += 1;
    if (up === 1) for (let i = 1; i < WORKERS; i++) cluster.fork({ BENCH_PORT: String(port) });
    if (up === WORKERS) process.stdout.write(`PORT=${port}\n`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`[bench] worker ${worker.process.pid} ended (${signal || code})`);
    process.exit(1);
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => --left === 0 && process.exit(0));
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.fork({ BENCH_PORT: String(port) });
}

async function worker() {
  const { createStrapi, compileStrapi } = require('@strapi/strapi');
  const ctx = await compileStrapi({ appDir, ignoreDiagnostics: true });
  const strapi = await createStrapi({ ...ctx, autoReload: false, serveAdminPanel: false }).load();
  strapi.log.level = 'warn';
  const { homeStatements } = require(path.join(ctx.distDir, 'src/utils/dashboard/statements.js'));
  const { getScope } = require(path.join(ctx.distDir, 'src/utils/scope.js'));
  // statements recorded between /bench/record/start and /bench/record/stop (one request at a time)
  let recording = null;
  strapi.db.connection.on('query', (q) => {
    if (recording) recording.push({ sql: q.sql, bindings: (q.bindings ?? []).map((b) => (b instanceof Date ? b.toISOString() : b)) });
  });
  strapi.server.app.middleware.unshift(async (kctx, next) => {
    if (kctx.path === '/bench/record/start') {
      recording = [];
      kctx.body = { recording: true };
      return;
    }
    if (kctx.path === '/bench/record/stop') {
      kctx.body = { statements: recording ?? [] };
      recording = null;
      return;
    }
    const home = /^\/bench\/home-sql\/(\d+)$/.exec(kctx.path);
    if (home) {
      const user = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: Number(home[1]) }, populate: { role: true } });
      const statements = await homeStatements(strapi, await getScope(strapi, user), new Date());
      kctx.body = Object.fromEntries(
        Object.entries(statements).map(([name, { sql, bindings }]) => [
          name,
          { sql, bindings: bindings.map((b) => (b instanceof Date ? { $date: b.toISOString() } : b)) },
        ]),
      );
      return;
    }
    // the process's memory (bench/export-bench.js samples it while an export streams)
    if (kctx.path === '/bench/memory') {
      // ?gc=1 collects first (the process runs with --expose-gc under bench:export): a clean baseline
      if (kctx.query.gc && global.gc) global.gc();
      kctx.body = process.memoryUsage();
      return;
    }
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
  await new Promise((resolve) => strapi.server.listen(Number(process.env.BENCH_PORT || 0), '127.0.0.1', resolve));
  // under 10 concurrent CPU-bound requests on a shared box a request can wait > 60 s for the event
  // loop; Node's default header/request timeouts would then reset the socket mid-measurement
  strapi.server.httpServer.headersTimeout = 0;
  strapi.server.httpServer.requestTimeout = 0;
  strapi.server.httpServer.keepAliveTimeout = 120000;
  process.stdout.on('error', () => {});
  if (!cluster.isWorker) process.stdout.write(`PORT=${strapi.server.httpServer.address().port}\n`);
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
}

(WORKERS > 1 && cluster.isPrimary ? primary() : worker()).catch((err) => {
  console.error(err);
  process.exit(1);
});
