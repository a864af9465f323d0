#!/usr/bin/env node
/**
 * README command 2 (`npm test`): every test of the project, in order, stopping at
 * nothing so one run shows every failure:
 *   1. typecheck of the PWA            (tsc)
 *      lint                            (ESLint of the PWA and of server/, and Prettier's format:check of the whole repo) — one check
 *   2. PWA unit and component tests    (vitest, jsdom + fake-indexeddb)
 *   3. API tests on SQLite             (vitest in server/, a real Strapi on a temp file)
 *   4. API tests on PostgreSQL         (same suite; Debian's postgresql, started by the script)
 *   5. API through a cluster           (`npm run test:cluster`: HAProxy, two Strapi, PostgreSQL, s3rver on 127.0.0.1:7100–7199;
 *                                       the business API tests through the balancer plus server/tests-cluster; docs/deploy.md)
 *   6. end-to-end tests                (playwright in Debian's chromium against the real server + built PWA)
 * Vitest and Playwright write JSON reports that are summed into one closing line
 * "total: N passed, N failed" (CI reads that line). Exit code 1 when any step failed.
 * Runs on the Node of package.json's `engines` (node_modules/.bin/node, first on npm's PATH; every step's
 * `npx`/`npm` child finds the same one there) and refuses another.
 * Env: SKIP_PG=1, SKIP_CLUSTER=1, SKIP_E2E=1 to leave a step out locally (never in CI).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './lib/runtime.mjs';

requireSupportedNode('test');
console.log(`Node ${process.version} (${process.execPath})`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'balcao-test-reports-'));
const results = [];

/** Runs one step with inherited output; returns true when it exited 0. */
function run(name, cmd, args, opts = {}) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const ok = res.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`━━━ ${name}: ${ok ? 'ok' : `FALHOU (código ${res.status ?? res.signal})`} em ${seconds}s`);
  return ok;
}

/** Counts from a vitest JSON report ({numPassedTests, numFailedTests, ...}). */
function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) };
}

/** Counts from a Playwright JSON report (stats.expected/unexpected/flaky/skipped). */
function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

function step(name, ok, counts) {
  // A step that failed without a report (crash, compile error) counts as one failure.
  const c = counts ?? { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  if (!ok && c.failed === 0) c.failed = 1;
  results.push({ name, ok, ...c });
}

const npx = 'npx';

{
  const ok = run('typecheck', 'npm', ['run', 'typecheck']);
  step('typecheck', ok, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

{
  // The import boundaries of docs/frontend.md are ESLint rules; the server's lint joins when server/package.json has one.
  let ok = run('lint', 'npm', ['run', 'lint']);
  const serverPkg = JSON.parse(readFileSync(path.join(root, 'server', 'package.json'), 'utf8'));
  if (serverPkg.scripts?.lint) ok = run('lint: server', 'npm', ['run', 'lint'], { cwd: path.join(root, 'server') }) && ok;
  // Prettier over the PWA, server/, docs and scripts (.prettierignore lists what is generated).
  ok = run('format', 'npm', ['run', 'format:check']) && ok;
  step('lint', ok, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

{
  const out = path.join(reports, 'unit.json');
  const ok = run('PWA: unit', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  step('PWA: unit', ok, vitestCounts(out));
}

{
  const out = path.join(reports, 'server-sqlite.json');
  const ok = run('API: SQLite', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, 'server'),
  });
  step('API: SQLite', ok, vitestCounts(out));
}

if (process.env.SKIP_PG !== '1') {
  const out = path.join(reports, 'server-pg.json');
  const ok = run('API: PostgreSQL', 'bash', ['scripts/test-postgres.sh', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, 'server'),
  });
  step('API: PostgreSQL', ok, vitestCounts(out));
}

if (process.env.SKIP_CLUSTER !== '1') {
  const out = path.join(reports, 'server-cluster.json');
  const ok = run('API: cluster', 'npm', ['run', 'test:cluster', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, 'server'),
  });
  step('API: cluster', ok, vitestCounts(out));
}

if (process.env.SKIP_E2E !== '1') {
  const out = path.join(reports, 'e2e.json');
  const ok = run('E2E: Chromium', 'npm', ['run', 'test:e2e', '--', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  step('E2E: Chromium', ok, playwrightCounts(out));
}

console.log('\nResumo:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\ntotal: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
