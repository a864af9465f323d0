#!/usr/bin/env node
/**
 * CPU profile of the list calls: for each call of the bench
 * (the same queries as bench/api-bench.js), starts bench/server.js under `node --cpu-prof` on the
 * large seed, signs in, warms up, then drives REQUESTS requests (default 300) at CONCURRENCY clients
 * (default 10) inside a measured window, stops the server (which writes the .cpuprofile) and prints
 * bench/profile-summary.js's breakdown of the window: per phase of the REST path (authentication
 * and the permission check, query validation and sanitising, our middlewares, the relation-id
 * resolution, the SQL of the count and of the rows, output sanitising, logging, …) the CPU ms per
 * request and the share of the request's CPU, plus the heaviest functions and modules.
 *
 *   cd server && node bench/profile.js                  # every call
 *   ONLY=despachante REQUESTS=200 node bench/profile.js  # the calls whose name contains the text
 *   CORE=1 node bench/profile.js                         # also profile each call's core find
 *
 * Files land in bench-results/profiles/ (<call>.cpuprofile, <call>.sql.json, <call>.txt);
 * `node bench/profile-summary.js <file>.cpuprofile` prints a breakdown again. SQLite only (the
 * DATABASE_* variables of bench/server.js are honoured, but PostgreSQL's time is in its own process).
 */
const fs = require('node:fs');
const path = require('node:path');
const { summarise, format } = require('./profile-summary');

const appDir = path.resolve(__dirname, '..');
const REQUESTS = Number(process.env.REQUESTS || 300);
const CONCURRENCY = Number(process.env.CONCURRENCY || 10);
const WARMUP = 30;
const outDir = path.join(appDir, 'bench-results', 'profiles');

const { CASES } = require('./profile-cases');
const { startServer: startBenchServer } = require('./server-process');

/** The bench server with a CPU profile and the SQL hooks, named `name` (bench/server-process.js). */
function startServer(name) {
  return startBenchServer({
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${outDir}`, `--cpu-prof-name=${name}.cpuprofile`, '-r', path.join(__dirname, 'profile-hooks.js')],
    env: { PROFILE_SQL_OUT: path.join(outDir, `${name}.sql.json`) },
  });
}

async function hit(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${res.status} ${url}: ${body.slice(0, 300)}`);
}

async function drive(urlFor, headers, total) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await hit(urlFor(next++), headers);
    }),
  );
}

async function profileOne(name, urlFor, login) {
  fs.rmSync(path.join(outDir, `${name}.cpuprofile`), { force: true });
  const { child, base } = await startServer(name);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let headers = {};
  if (login) {
    const r = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: login, password: 'Balcao@2026' }),
    });
    const j = await r.json();
    if (!j.jwt) throw new Error(`login ${login}: ${JSON.stringify(j)}`);
    headers = { Authorization: `Bearer ${j.jwt}` };
  }
  for (let i = 0; i < WARMUP; i++) await hit(`${base}${urlFor(REQUESTS + i)}`, headers);
  child.kill('SIGUSR2'); // window opens
  await new Promise((r) => setTimeout(r, 50));
  const t0 = performance.now();
  await drive((i) => `${base}${urlFor(i)}`, headers, REQUESTS);
  const wallMs = performance.now() - t0;
  child.kill('SIGUSR2'); // window closes
  await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGTERM');
  await exited;
  const file = path.join(outDir, `${name}.cpuprofile`);
  const summary = summarise(file, { requests: REQUESTS, wallMs, sqlFile: path.join(outDir, `${name}.sql.json`) });
  const text = `${name}: ${REQUESTS} requests at ${CONCURRENCY} clients, ${(wallMs / REQUESTS).toFixed(1)} ms wall per request (throughput view: window wall / requests)\n${format(summary)}`;
  fs.writeFileSync(path.join(outDir, `${name}.txt`), text);
  console.log(text);
}

(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  for (const [name, url, login, core] of CASES.filter(([n]) => !process.env.ONLY || n.includes(process.env.ONLY))) {
    await profileOne(name, url, login);
    if (process.env.CORE) await profileOne(`${name}-core`, core, null);
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
