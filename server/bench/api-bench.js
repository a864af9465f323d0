#!/usr/bin/env node
/**
 * npm run bench:api — p50/p95/p99 latency of the list calls the screens make, on the large seed
 * (server/.tmp/large.db, created by `npm run seed:large` when missing), at CONCURRENCY clients
 * (default 10) for REQUESTS requests per call (default 200, after 20 warm-up requests).
 *
 * Each call is printed beside a baseline: the same query run straight through the Document
 * Service (`strapi.documents(uid).findMany` + `count`, bench/server.js), i.e. without auth,
 * query validation, data scope and output sanitising — what a plain core find costs on the
 * same data. Users are measured against the users-permissions user content-type likewise.
 * ONLY=<text> limits the run to the calls whose name contains it.
 */
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const appDir = path.resolve(__dirname, '..');
const CONCURRENCY = Number(process.env.CONCURRENCY || 10);
const REQUESTS = Number(process.env.REQUESTS || 200);
const WARMUP = 20;

function ensureSeed() {
  if (process.env.DATABASE_CLIENT && process.env.DATABASE_CLIENT !== 'sqlite') return;
  const file = path.resolve(appDir, process.env.DATABASE_FILENAME || '.tmp/large.db');
  if (fs.existsSync(file)) return;
  console.log(`[bench] ${file} missing: running seed:large first`);
  const r = spawnSync(process.execPath, [path.join(appDir, 'scripts/seed-large.js')], { stdio: 'inherit', cwd: appDir });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'server.js')], { cwd: appDir, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT=(\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `total` GETs of `urls(i)` with `concurrency` workers; returns latency percentiles (ms). */
async function measure(urlFor, headers, total, concurrency) {
  for (let i = 0; i < Math.min(WARMUP, total); i++) await hit(urlFor(i), headers);
  const times = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await hit(urlFor(i), headers);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: total / wall };
}

/**
 * One GET; a keep-alive socket the (event-loop-blocked) server closed meanwhile surfaces as
 * ECONNRESET in undici: retried once on a fresh request, counted in `retries`.
 */
let retries = 0;
async function hit(url, headers, again = true) {
  try {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${url}: ${body.slice(0, 300)}`);
  } catch (err) {
    if (again && /fetch failed|ECONNRESET|socket/i.test(String(err?.cause?.code ?? err?.message))) {
      retries += 1;
      return hit(url, headers, false);
    }
    throw err;
  }
}

(async () => {
  ensureSeed();
  const { child, base } = await startServer();
  try {
    const login = async (identifier) => {
      const r = await fetch(`${base}/api/auth/local`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier, password: 'Balcao@2026' }),
      });
      const j = await r.json();
      if (!j.jwt) throw new Error(`login ${identifier}: ${JSON.stringify(j)}`);
      return { Authorization: `Bearer ${j.jwt}` };
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
    const terms = ['visa', 'NF-1234', 'paulista', 'pix', '5511', 'elo'];
    const search = (t) =>
      ['document_number', 'documentId', 'card_brand', 'cpf_cnpj_cliente', 'card_last4']
        .map((f, i) => `filters[$or][${i}][${f}][$containsi]=${t}`)
        .concat([
          `filters[$or][5][payment_method_id][name][$containsi]=${t}`,
          `filters[$or][6][user_company_id][name][$containsi]=${t}`,
          `filters[$or][7][user_dispatcher_id][name][$containsi]=${t}`,
        ])
        .join('&');
    const ORDERS = (i) =>
      `populate=*&filters[status_in][$eq]=${statuses[i % 5]}&${range(i)}&sort[0]=billing_date:desc&pagination[page]=${1 + (i % 5)}&pagination[pageSize]=10`;
    const RECEIVABLES = (i) =>
      `populate[0]=payment_method_id&populate[1]=sales_order&populate[2]=user_dispatcher_id&populate[3]=user_company_id&${search(encodeURIComponent(terms[i % terms.length]))}&sort[0]=payment_date:desc&pagination[page]=1&pagination[pageSize]=25`;
    const USERS = (i) => `populate=*&pagination[page]=${1 + (i % 2)}&pagination[pageSize]=10&sort[0]=id:asc`;
    // the free-text search scans 200k receivables with four joins: fewer requests keep the run bounded
    const SLOW = Math.max(30, Math.round(REQUESTS / 5));
    const cases = [
      [
        'GET /sales-orders populate=* status+date range, sorted (admin)',
        (i) => `${base}/api/sales-orders?${ORDERS(i)}`,
        admin,
        (i) => `${base}/bench/core/api::sales-order.sales-order?${ORDERS(i)}`,
        REQUESTS,
      ],
      [
        'GET /sales-orders same, as despachante (scoped)',
        (i) => `${base}/api/sales-orders?${ORDERS(i)}`,
        desp,
        (i) => `${base}/bench/core/api::sales-order.sales-order?${ORDERS(i)}&filters[user_dispatcher_id][id][$eq]=2`,
        REQUESTS,
      ],
      [
        'GET /receivables populate + free-text $or (admin)',
        (i) => `${base}/api/receivables?${RECEIVABLES(i)}`,
        admin,
        (i) => `${base}/bench/core/api::receivable.receivable?${RECEIVABLES(i)}`,
        SLOW,
      ],
      [
        'GET /users paged (admin)',
        (i) => `${base}/api/users?${USERS(i)}`,
        admin,
        (i) => `${base}/bench/core/plugin::users-permissions.user?${USERS(i)}`,
        REQUESTS,
      ],
    ];
    const rows = [];
    // ONLY=<text> runs just the cases whose name contains it (e.g. ONLY=receivables)
    for (const [name, url, headers, core, n] of cases.filter(([name]) => !process.env.ONLY || name.includes(process.env.ONLY))) {
      const ours = await measure(url, headers, n, CONCURRENCY);
      const plain = await measure(core, {}, n, CONCURRENCY);
      rows.push({ name, requests: n, ours, plain });
      console.log(
        `${name} — ${n} requests\n  API        p50 ${ours.p50.toFixed(1)} ms  p95 ${ours.p95.toFixed(1)} ms  p99 ${ours.p99.toFixed(1)} ms  (${ours.rps.toFixed(1)} req/s)\n  core find  p50 ${plain.p50.toFixed(1)} ms  p95 ${plain.p95.toFixed(1)} ms  p99 ${plain.p99.toFixed(1)} ms  (${plain.rps.toFixed(1)} req/s)`,
      );
    }
    console.log(`retried after a reset socket: ${retries}`);
    const dir = path.join(appDir, 'bench-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ concurrency: CONCURRENCY, requests: REQUESTS, rows }, null, 2),
    );
  } finally {
    child.kill('SIGTERM');
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
