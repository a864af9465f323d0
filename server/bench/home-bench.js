#!/usr/bin/env node
/**
 * npm run bench:home — latency of the home's figures (GET /api/dashboard/*) on the large seed
 * (scripts/seed-large.js: 100,000 orders, ~200,000 receivables; ORDERS=… for a smaller run), per
 * endpoint and role, at 1 client and at CONCURRENCY clients (default 10), REQUESTS requests each
 * (default 200, after a warm-up), on SQLite and/or a throw-away PostgreSQL (as bench:api).
 *
 * The baseline is the bare aggregate: the very SQL the endpoint runs for that caller (the server
 * hands it out at /bench/home-sql/<user id>, built by utils/dashboard/statements.ts), replayed
 * straight on the database with knex (better-sqlite3 or pg, a pool of CONCURRENCY connections) at
 * CONCURRENCY clients. Targets (printed, never enforced): p95 ≤ 100 ms at 1 client; p95 ≤ 1.5× the
 * bare query's at CONCURRENCY clients. Prints the figures and exits 0 whatever they are.
 *
 *   node bench/home-bench.js                 both databases
 *   node bench/home-bench.js --db sqlite     SQLite only (server/.tmp/large.db, or DATABASE_FILENAME; seeded when missing)
 *   node bench/home-bench.js --db postgres   PostgreSQL only (scripts/with-postgres.sh, or the one DATABASE_CLIENT=postgres +
 *                                            DATABASE_HOST name)
 *
 * BENCH_WORKERS=n serves the API from n processes on one port, as `npm start` does on an n-core machine (default 1).
 *
 * Results: bench-results/home.json at the repository root.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server-process');
const { bareKnex, isPostgres, sqliteFile } = require('./bare-sql');

const appDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(appDir, '..');
const CONCURRENCY = Number(process.env.CONCURRENCY || 10);
const REQUESTS = Number(process.env.REQUESTS || 200);
const WARMUP = 20;
const TARGET_P95_MS = 100;
const TARGET_RATIO = 1.5;

const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

const ROLES = [
  ['admin', '52998224725', 'ADC'],
  ['despachante', '11222333000181', 'ADC'],
  ['concessionaria', '45283095000136', 'ADC'],
  ['vendedor', '11144477735', ''],
];
// endpoint → who may ask for it (the role map grants the receivables' figures with receivable.find)
const ENDPOINTS = [
  ['orders-by-status', ['admin', 'despachante', 'concessionaria', 'vendedor']],
  ['receivables-pending', ['admin', 'despachante', 'concessionaria']],
  ['receivables-monthly', ['admin', 'despachante', 'concessionaria']],
];

function ensureSeed() {
  if (!isPostgres()) {
    process.env.DATABASE_FILENAME = process.env.DATABASE_FILENAME || '.tmp/large.db';
    if (fs.existsSync(sqliteFile())) return;
    console.log(`[bench:home] ${sqliteFile()} missing: running seed:large first`);
  } else console.log('[bench:home] PostgreSQL: running seed:large');
  const r = spawnSync(process.execPath, [path.join(appDir, 'scripts/seed-large.js')], { stdio: 'inherit', cwd: appDir });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `run()` `total` times over `concurrency` workers after a warm-up; latency percentiles (ms). */
async function measure(run, total, concurrency) {
  for (let i = 0; i < Math.min(WARMUP, total); i++) await run();
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${res.status} ${url}: ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

async function benchOneDatabase() {
  ensureSeed();
  const { child, base } = await startServer({ workers: Number(process.env.BENCH_WORKERS || 1) });
  const bare = bareKnex(CONCURRENCY);
  try {
    const users = {};
    for (const [name, identifier] of ROLES) {
      const res = await fetch(`${base}/api/auth/local`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier, password: 'Balcao@2026' }),
      });
      const j = await res.json();
      if (!j.jwt) throw new Error(`login ${identifier}: ${JSON.stringify(j)}`);
      users[name] = { headers: { Authorization: `Bearer ${j.jwt}` }, id: j.user.id };
    }
    const orders = await getJson(`${base}/api/dashboard/orders-by-status`, users.admin.headers);
    const total = orders.data.reduce((n, r) => n + r.count, 0);
    console.log(`[bench:home] ${isPostgres() ? 'postgres' : 'sqlite'}: ${total} orders; ${REQUESTS} requests per line`);
    const rows = [];
    for (const [endpoint, roles] of ENDPOINTS) {
      for (const role of roles) {
        const who = users[role];
        const url = `${base}/api/dashboard/${endpoint}`;
        const api1 = await measure(() => getJson(url, who.headers), REQUESTS, 1);
        const apiN = await measure(() => getJson(url, who.headers), REQUESTS, CONCURRENCY);
        const { sql, bindings } = (await getJson(`${base}/bench/home-sql/${who.id}`))[endpoint];
        const values = bindings.map((b) => (b && typeof b === 'object' && '$date' in b ? new Date(b.$date) : b));
        const bareN = await measure(() => bare.raw(sql, values), REQUESTS, CONCURRENCY);
        const row = { endpoint, role, api1, apiN, bareN, ratio: apiN.p95 / bareN.p95 };
        rows.push(row);
        console.log(
          `${endpoint.padEnd(20)} ${role.padEnd(15)} 1 client p50 ${api1.p50.toFixed(1)} p95 ${api1.p95.toFixed(1)} ms │ ${CONCURRENCY} clients p50 ${apiN.p50.toFixed(1)} p95 ${apiN.p95.toFixed(1)} ms │ bare SQL p95 ${bareN.p95.toFixed(1)} ms → ${row.ratio.toFixed(2)}×`,
        );
      }
    }
    return { database: isPostgres() ? 'postgres' : 'sqlite', orders: total, concurrency: CONCURRENCY, requests: REQUESTS, rows };
  } finally {
    await bare.destroy();
    child.kill('SIGTERM');
  }
}

const fmt = (ms) => ms.toFixed(1).padStart(7);

function printTable(result) {
  console.log(`\n${result.database} — ${result.orders} orders, ${result.requests} requests per cell (ms)`);
  console.log(
    `${'endpoint'.padEnd(20)} ${'role'.padEnd(15)} ${'1: p50'.padStart(7)} ${'p95'.padStart(7)} │ ${`${result.concurrency}: p50`.padStart(7)} ${'p95'.padStart(7)} │ ${'bare p95'.padStart(8)} │ ratio │ targets`,
  );
  for (const r of result.rows) {
    const ok = `${r.api1.p95 <= TARGET_P95_MS ? '✓' : '✗'} ≤${TARGET_P95_MS} ms, ${r.ratio <= TARGET_RATIO ? '✓' : '✗'} ≤${TARGET_RATIO}×`;
    console.log(
      `${r.endpoint.padEnd(20)} ${r.role.padEnd(15)} ${fmt(r.api1.p50)} ${fmt(r.api1.p95)} │ ${fmt(r.apiN.p50)} ${fmt(r.apiN.p95)} │ ${fmt(r.bareN.p95).padStart(8)} │ ${r.ratio.toFixed(2).padStart(5)} │ ${ok}`,
    );
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
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-server-env.mjs')], { stdio: 'inherit' });
  if (argv.includes('--single')) {
    fs.writeFileSync(arg('--out'), JSON.stringify(await benchOneDatabase()));
    return;
  }
  const which = arg('--db') || process.env.BENCH_DB || 'both';
  const results = [];
  for (const db of which === 'both' ? ['sqlite', 'postgres'] : [which]) {
    const out = path.join(os.tmpdir(), `balcao-bench-home-${process.pid}-${db}.json`);
    console.log(`\n[bench:home] ===== ${db} =====`);
    const cmd =
      db === 'postgres' && !givenPostgres()
        ? ['bash', [path.join(appDir, 'scripts/with-postgres.sh'), process.execPath, __filename, '--single', '--out', out]]
        : [process.execPath, [__filename, '--single', '--out', out]];
    const env = { ...process.env };
    if (db === 'sqlite') delete env.DATABASE_CLIENT;
    const r = spawnSync(cmd[0], cmd[1], { stdio: 'inherit', cwd: appDir, env });
    if (r.status !== 0) {
      console.log(`[bench:home] ${db}: the run did not finish (${r.status})`);
      continue;
    }
    results.push(JSON.parse(fs.readFileSync(out, 'utf8')));
    fs.rmSync(out, { force: true });
  }
  for (const result of results) printTable(result);
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'home.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
  console.log(`\n[bench:home] results in ${path.relative(process.cwd(), path.join(dir, 'home.json'))}`);
}

main().catch((err) => {
  // a figure-printing bench: report the failure, do not fail the caller
  console.error(err);
});
