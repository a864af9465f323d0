#!/usr/bin/env node
/**
 * npm run bench:api — p50/p95/p99 latency of the list calls the screens make, on the large seed
 * (100,000 orders, ~200,000 receivables: scripts/seed-large.js), at CONCURRENCY clients
 * (default 10) for REQUESTS requests per call (default 200, after 20 sequential warm-up requests and 4 × CONCURRENCY concurrent ones), on
 * SQLite AND on a throw-away PostgreSQL.
 *
 *   node bench/api-bench.js                 both databases, one after the other, then both tables
 *   node bench/api-bench.js --db sqlite     SQLite only (server/.tmp/large.db, seeded when missing)
 *   node bench/api-bench.js --db postgres   PostgreSQL only (scripts/with-postgres.sh: a fresh cluster,
 *                                           seeded by seed:large, deleted afterwards; or the PostgreSQL the
 *                                           environment names: DATABASE_CLIENT=postgres + DATABASE_HOST)
 *   ONLY=<text>                             only the calls whose name contains <text>
 *
 * Each call is printed beside a baseline: the same query run straight through the Document
 * Service (`strapi.documents(uid).findMany` + `count`, bench/server.js), i.e. without auth,
 * query validation, data scope and output sanitising — what a plain core find costs on the
 * same data ("core find"); the ratio API p95 / core p95 is the figure docs/performance.md tracks. The two are
 * measured interleaved over the same clients (measurePair), so neither warms the cache for the other. The free-text
 * searches are built by the PWA's own query builders (src/features/{receivables,sales-orders}/
 * strapi-query.ts, bundled on the fly with esbuild) and serialised with qs as the PWA does,
 * so the bench sends exactly what the search boxes send. One more line measures what counting
 * rows for pagination costs on 100,000 orders: the core findMany alone vs the core count alone.
 *
 * The searches are also measured against their own SQL: the read statements one API request sent
 * (recorded by bench/server.js), replayed one after the other straight through the driver (bench/bare-sql.js)
 * at 1 and 10 clients, beside the API at the same client count.
 *
 * Then, per database, the scaling table: the list and search calls (API only) at 1 and at 10 clients
 * (BENCH_CLIENTS, default "1,10"), p50/p95 and requests per second, on 1 server process and on one per
 * core (BENCH_PROCESSES, default os.availableParallelism()), run as `npm start` runs them (bench/server.js
 * with BENCH_WORKERS: one port, SCHED_NONE, the first process boots alone), with the CPU each request cost: the
 * server's processes, every thread (V8's garbage collector works beside the main thread), from /proc, and this
 * bench client's own, which runs on the same cores.
 *
 * Results: bench-results/api.json at the repository root (the last run, both databases) and
 * a timestamped copy beside it.
 */
const { spawnSync } = require('node:child_process');
const { bareKnex, replay } = require('./bare-sql');
const { printTable } = require('./api-bench-table');
const { hit, measure, measurePair, measureRuns, retriesSoFar } = require('./http-measure');
const { loadPwaQueries } = require('./pwa-queries');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serverCpuSeconds, startServer, stopServer } = require('./server-process');

const appDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(appDir, '..');
const CONCURRENCY = Number(process.env.CONCURRENCY || 10);
const REQUESTS = Number(process.env.REQUESTS || 200);
const PROCESSES = Number(process.env.BENCH_PROCESSES || os.availableParallelism());
const CLIENTS = (process.env.BENCH_CLIENTS || '1,10').split(',').map(Number);

const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

// ---------------------------------------------------------------- one database
function ensureSeed() {
  const postgres = process.env.DATABASE_CLIENT && process.env.DATABASE_CLIENT !== 'sqlite';
  if (!postgres) {
    const file = path.resolve(appDir, process.env.DATABASE_FILENAME || '.tmp/large.db');
    if (fs.existsSync(file)) return;
    console.log(`[bench] ${file} missing: running seed:large first`);
  } else console.log('[bench] PostgreSQL: running seed:large (tops the database up to the large seed)');
  const r = spawnSync(process.execPath, [path.join(appDir, 'scripts/seed-large.js')], { stdio: 'inherit', cwd: appDir });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Benchmarks the configured database; returns { database, rows }. */
async function benchOneDatabase() {
  ensureSeed();
  const { stringify } = require('qs');
  const { receivableListQuery, salesOrderListQuery } = loadPwaQueries();
  const qsOf = (query) => stringify(query, { encodeValuesOnly: true, skipNulls: true });
  // `base` changes when the scaling runs restart the server with more processes: the URL builders below read it at each call
  let { child, base } = await startServer();
  try {
    const login = async (identifier) => {
      const r = await fetch(`${base}/api/auth/local`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier, password: 'Balcao@2026' }),
      });
      const j = await r.json();
      if (!j.jwt) throw new Error(`login ${identifier}: ${JSON.stringify(j)}`);
      return { headers: { Authorization: `Bearer ${j.jwt}` }, id: j.user.id };
    };
    const admin = await login('52998224725');
    const desp = await login('11222333000181');
    const day = 86400000;
    const range = (i) => {
      const end = new Date(Date.now() - (i % 12) * 30 * day);
      const start = new Date(end.getTime() - 90 * day);
      return `filters[billing_date][$gte]=${start.toISOString()}&filters[billing_date][$lte]=${end.toISOString()}`;
    };
    const statuses = ['authorized', 'pending', 'denied', 'paid', 'reversed'];
    const ORDERS = (i) =>
      `populate=*&filters[status_in][$eq]=${statuses[i % 5]}&${range(i)}&sort[0]=billing_date:desc&pagination[page]=${1 + (i % 5)}&pagination[pageSize]=10`;
    // search-box terms: digits of a CPF, part of a dispatcher/customer name, a card
    // brand, an amount, a document number, a status label
    const RECEIVABLE_TERMS = ['3000', 'paulista', 'visa', '150,00', 'NF-1234', 'carioca', 'elo', 'pago'];
    const ORDER_TERMS = ['silva', '3000', 'paulista', 'pago', 'carioca', '150,00', 'avenida', 'oliveira'];
    const RECEIVABLES_SEARCH = (i) => qsOf(receivableListQuery({ q: RECEIVABLE_TERMS[i % RECEIVABLE_TERMS.length], page: 1, pageSize: 25 }));
    const ORDERS_SEARCH = (i) => qsOf(salesOrderListQuery({ q: ORDER_TERMS[i % ORDER_TERMS.length], page: 1, pageSize: 10 }));
    const USERS = (i) => `populate=*&pagination[page]=${1 + (i % 2)}&pagination[pageSize]=10&sort[0]=id:asc`;
    const scopedTo = (user) => `&filters[user_dispatcher_id][id][$eq]=${user.id}`;
    const SO = 'api::sales-order.sales-order';
    const RC = 'api::receivable.receivable';
    // a search may scan every row: fewer requests keep the run bounded
    const SEARCH_N = Math.max(Math.min(40, REQUESTS), Math.round(REQUESTS / 4));
    const cases = [
      [
        'orders: populate=* status + date range, sorted (admin)',
        (i) => `${base}/api/sales-orders?${ORDERS(i)}`,
        admin,
        (i) => `${base}/bench/core/${SO}?${ORDERS(i)}`,
        REQUESTS,
      ],
      [
        'orders: same, as despachante (scoped)',
        (i) => `${base}/api/sales-orders?${ORDERS(i)}`,
        desp,
        (i) => `${base}/bench/core/${SO}?${ORDERS(i)}${scopedTo(desp)}`,
        REQUESTS,
      ],
      [
        'orders: free-text search box (admin)',
        (i) => `${base}/api/sales-orders?${ORDERS_SEARCH(i)}`,
        admin,
        (i) => `${base}/bench/core/${SO}?${ORDERS_SEARCH(i)}`,
        SEARCH_N,
      ],
      [
        'receivables: free-text search box (admin)',
        (i) => `${base}/api/receivables?${RECEIVABLES_SEARCH(i)}`,
        admin,
        (i) => `${base}/bench/core/${RC}?${RECEIVABLES_SEARCH(i)}`,
        SEARCH_N,
      ],
      [
        'receivables: free-text search box, as despachante (scoped)',
        (i) => `${base}/api/receivables?${RECEIVABLES_SEARCH(i)}`,
        desp,
        (i) => `${base}/bench/core/${RC}?${RECEIVABLES_SEARCH(i)}${scopedTo(desp)}`,
        SEARCH_N,
      ],
      ['users: paged (admin)', (i) => `${base}/api/users?${USERS(i)}`, admin, (i) => `${base}/bench/core/plugin::users-permissions.user?${USERS(i)}`, REQUESTS],
    ].filter(([name]) => !process.env.ONLY || name.includes(process.env.ONLY));

    const rows = [];
    for (const [name, url, who, core, n] of cases) {
      const { ours, plain } = await measurePair(url, who.headers, core, n, CONCURRENCY);
      rows.push({ name, requests: n, ours, plain, ratioP95: ours.p95 / plain.p95 });
      console.log(
        `${name} — ${n} requests\n  API        p50 ${ours.p50.toFixed(1)} ms  p95 ${ours.p95.toFixed(1)} ms  p99 ${ours.p99.toFixed(1)} ms\n  core find  p50 ${plain.p50.toFixed(1)} ms  p95 ${plain.p95.toFixed(1)} ms  p99 ${plain.p99.toFixed(1)} ms  (interleaved: ${ours.rps.toFixed(1)} req/s in all)`,
      );
    }

    // counting rows for pagination on 100,000 orders: findMany of one page vs count
    let count = null;
    if (!process.env.ONLY || 'count'.includes(process.env.ONLY)) {
      const page = (i) => `populate=*&pagination[page]=${1 + (i % 5)}&pagination[pageSize]=10`;
      const status = (i) => `filters[status_in][$eq]=${statuses[i % 5]}`;
      count = {
        api: await measure((i) => `${base}/api/sales-orders?${page(i)}`, admin.headers, REQUESTS, CONCURRENCY),
        findOnly: await measure((i) => `${base}/bench/find/${SO}?${page(i)}`, {}, REQUESTS, CONCURRENCY),
        countAll: await measure(() => `${base}/bench/count/${SO}`, {}, REQUESTS, CONCURRENCY),
        countStatus: await measure((i) => `${base}/bench/count/${SO}?${status(i)}`, {}, REQUESTS, CONCURRENCY),
      };
      console.log(
        `orders: counting 100,000 rows — ${REQUESTS} requests each\n  API list page (populate=*, no filter)  p95 ${count.api.p95.toFixed(1)} ms\n  core findMany of that page alone        p95 ${count.findOnly.p95.toFixed(1)} ms\n  core count of all orders alone          p95 ${count.countAll.p95.toFixed(1)} ms\n  core count with a status filter         p95 ${count.countStatus.p95.toFixed(1)} ms`,
      );
    }
    // the searches against their own SQL: the statements one API request sent (recorded by bench/server.js),
    // replayed straight through the driver at the same client counts
    const replayCases = [
      ['orders: free-text search box (admin)', (i) => `${base}/api/sales-orders?${ORDERS_SEARCH(i)}`, admin, ORDER_TERMS.length],
      ['receivables: free-text search box (admin)', (i) => `${base}/api/receivables?${RECEIVABLES_SEARCH(i)}`, admin, RECEIVABLE_TERMS.length],
      ['receivables: search box, as despachante (scoped)', (i) => `${base}/api/receivables?${RECEIVABLES_SEARCH(i)}`, desp, RECEIVABLE_TERMS.length],
    ].filter(([name]) => !process.env.ONLY || name.includes(process.env.ONLY));
    const replays = [];
    const bare = bareKnex(CONCURRENCY);
    try {
      for (const [name, url, who, variants] of replayCases) {
        const recorded = [];
        for (let k = 0; k < variants; k++) {
          await hit(`${base}/bench/record/start`, {});
          await hit(url(k), who.headers);
          const { statements } = JSON.parse(await hit(`${base}/bench/record/stop`, {}));
          recorded.push(statements.filter((st) => /^\s*(select|with)\b/i.test(st.sql)));
        }
        const counts = [...new Set(recorded.map((r) => r.length))].join('/');
        for (const clients of CLIENTS) {
          const sql = await measureRuns((i) => replay(bare, recorded[i % variants]), SEARCH_N, clients);
          const api = await measure(url, who.headers, SEARCH_N, clients);
          replays.push({ name, clients, statements: counts, api, sql, ratioP95: api.p95 / sql.p95 });
          console.log(
            `${name} — ${clients} client(s), ${SEARCH_N} requests: API p50 ${api.p50.toFixed(1)} p95 ${api.p95.toFixed(1)} ms │ its ${counts} statements replayed p50 ${sql.p50.toFixed(1)} p95 ${sql.p95.toFixed(1)} ms → ${(api.p95 / sql.p95).toFixed(2)}×`,
          );
        }
      }
    } finally {
      await bare.destroy();
    }
    // scaling: the list and the searches, API only, at each client count, on 1 process and on one per core;
    // REQUESTS of each (a cell of SEARCH_N searches, five rounds of ten clients, moved its req/s ratio by ±0.3)
    const scalingCases = [
      ['orders: list, status + date range (admin)', (i) => `${base}/api/sales-orders?${ORDERS(i)}`, REQUESTS],
      ['orders: free-text search (admin)', (i) => `${base}/api/sales-orders?${ORDERS_SEARCH(i)}`, REQUESTS],
      ['receivables: free-text search (admin)', (i) => `${base}/api/receivables?${RECEIVABLES_SEARCH(i)}`, REQUESTS],
    ].filter(([name]) => !process.env.ONLY || name.includes(process.env.ONLY));
    const scaling = [];
    for (const processes of [...new Set([1, PROCESSES])]) {
      if (processes > 1) {
        await stopServer(child);
        ({ child, base } = await startServer({ workers: processes }));
      }
      const who = await login('52998224725');
      for (const clients of CLIENTS) {
        for (const [name, url, n] of scalingCases) {
          // warm every process first: concurrent requests open connections the processes share out
          // (one client's keep-alive connection reaches one process only)
          const spread = Math.max(clients, 2 * processes);
          await measure(url, who.headers, Math.min(n, 4 * spread), spread);
          // CPU per request, ms: the server's processes (all threads) and this bench client, which share the machine
          const [serverBefore, clientBefore] = [serverCpuSeconds(child), process.cpuUsage()];
          const r = await measure(url, who.headers, n, clients);
          const serverAfter = serverCpuSeconds(child);
          const client = process.cpuUsage(clientBefore);
          const cpu = {
            server: serverBefore === null || serverAfter === null ? null : ((serverAfter - serverBefore) * 1000) / n,
            client: (client.user + client.system) / 1000 / n,
          };
          scaling.push({ name, processes, clients, requests: n, p50: r.p50, p95: r.p95, rps: r.rps, cpu });
          console.log(
            `${name} — ${processes} process(es), ${clients} client(s), ${n} requests: p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${r.rps.toFixed(1)} req/s`,
          );
        }
      }
    }
    console.log(`retried after a reset socket: ${retriesSoFar()}`);
    return { database: process.env.DATABASE_CLIENT || 'sqlite', concurrency: CONCURRENCY, requests: REQUESTS, rows, count, replays, scaling };
  } finally {
    await stopServer(child);
  }
}

/**
 * true when the environment names a PostgreSQL server (DATABASE_CLIENT=postgres and DATABASE_HOST):
 * `--db postgres` then runs on it (seeded up to the large seed) instead of a throw-away cluster, so
 * several benches can share one seeded database (`bash scripts/with-postgres.sh npm run bench:…`).
 */
function givenPostgres() {
  return process.env.DATABASE_CLIENT === 'postgres' && Boolean(process.env.DATABASE_HOST);
}

async function main() {
  // a fresh clone has no server/.env yet (npm start writes it): Strapi needs its app keys
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-server-env.mjs')], { stdio: 'inherit' });
  if (argv.includes('--single')) {
    const result = await benchOneDatabase();
    fs.writeFileSync(arg('--out'), JSON.stringify(result));
    return;
  }
  const which = arg('--db') || process.env.BENCH_DB || 'both';
  const dbs = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const results = [];
  for (const db of dbs) {
    const out = path.join(os.tmpdir(), `balcao-bench-${process.pid}-${db}.json`);
    console.log(`\n[bench] ===== ${db} =====`);
    const cmd =
      db === 'postgres' && !givenPostgres()
        ? ['bash', [path.join(appDir, 'scripts/with-postgres.sh'), process.execPath, __filename, '--single', '--out', out]]
        : [process.execPath, [__filename, '--single', '--out', out]];
    const env = { ...process.env };
    if (db === 'sqlite') delete env.DATABASE_CLIENT;
    const r = spawnSync(cmd[0], cmd[1], { stdio: 'inherit', cwd: appDir, env });
    if (r.status !== 0) throw new Error(`[bench] ${db} run failed (${r.status})`);
    results.push(JSON.parse(fs.readFileSync(out, 'utf8')));
    fs.rmSync(out, { force: true });
  }
  for (const result of results) printTable(result);
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const json = JSON.stringify({ date: new Date().toISOString(), results }, null, 2);
  fs.writeFileSync(path.join(dir, 'api.json'), json);
  fs.writeFileSync(path.join(dir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), json);
  console.log(`\n[bench] results in ${path.relative(process.cwd(), path.join(dir, 'api.json'))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
