#!/usr/bin/env node
/**
 * Markdown tables of bench/profile.js runs, per call: CPU ms per request and share of each phase,
 * side by side for several profile directories (e.g. before / after a change) and the call's core
 * find (`<call>-core`, from a `CORE=1` run) — what measurements/rest-path-profile.md shows.
 *
 *   node bench/profile-compare.js before=<dir> after=bench-results/profiles [requests=200]
 *
 * Each <dir> holds <call>.cpuprofile (+ <call>.sql.json) files; the core find is read from the last dir.
 */
const fs = require('node:fs');
const path = require('node:path');
const { summarise } = require('./profile-summary');

const args = process.argv.slice(2);
const requests = Number((args.find((a) => a.startsWith('requests=')) ?? 'requests=200').split('=')[1]);
const dirs = args.filter((a) => !a.startsWith('requests=')).map((a) => a.split('='));
if (dirs.length === 0) {
  console.error('usage: node bench/profile-compare.js <label>=<dir> [<label>=<dir> …] [requests=N]');
  process.exit(2);
}
const calls = ['orders-admin', 'orders-despachante', 'users-admin'];

const load = (dir, name) => {
  const file = path.join(dir, `${name}.cpuprofile`);
  if (!fs.existsSync(file)) return null;
  return summarise(file, { requests, sqlFile: path.join(dir, `${name}.sql.json`) });
};

for (const call of calls) {
  const cols = dirs.map(([label, dir]) => [label, load(dir, call)]).filter(([, s]) => s);
  const core = load(dirs[dirs.length - 1][1], `${call}-core`);
  if (core) cols.push(['core find', core]);
  if (cols.length === 0) continue;
  const phases = [...new Set(cols.flatMap(([, s]) => s.phases.map((p) => p.name)))];
  const first = cols[0][1];
  phases.sort((a, b) => (first.phases.find((p) => p.name === b)?.msPerRequest ?? 0) - (first.phases.find((p) => p.name === a)?.msPerRequest ?? 0));
  console.log(`\n### ${call}\n`);
  console.log(`| phase | ${cols.map(([label]) => `${label} ms/request (share)`).join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---:').join('|')}|`);
  for (const name of phases) {
    const cells = cols.map(([, s]) => {
      const p = s.phases.find((x) => x.name === name);
      return p && p.msPerRequest >= 0.005 ? `${p.msPerRequest.toFixed(2)} (${(p.share * 100).toFixed(1)} %)` : '–';
    });
    if (cells.every((c) => c === '–')) continue;
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  console.log(`| **CPU per request** | ${cols.map(([, s]) => `**${s.cpuMsPerRequest.toFixed(1)}**`).join(' | ')} |`);
  const sqlRow = cols.map(([, s]) => {
    if (!s.sql) return '–';
    const n = Object.values(s.sql).reduce((a, v) => a + v.statements, 0) / s.requests;
    return n.toFixed(1);
  });
  console.log(`| SQL statements per request | ${sqlRow.join(' | ')} |`);
}
