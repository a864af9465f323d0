#!/usr/bin/env node
/**
 * SQL statements per request: starts bench/server.js on the
 * large seed with knex's `query` event logged, signs in, warms each call up, then sends each call of
 * bench/profile.js (API and core find) one at a time and prints every statement it ran, in order,
 * with the count per call. No timing: the statement list is the measure.
 *
 *   cd server && node bench/sql-trace.js            # every call
 *   ONLY=despachante node bench/sql-trace.js        # the calls whose name contains the text
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const { CASES } = require('./profile-cases');

const appDir = path.resolve(__dirname, '..');

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', path.join(__dirname, 'sql-trace-hooks.js'), path.join(__dirname, 'server.js')], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SQL_TRACE: '1' },
    });
    let out = '';
    const lines = [];
    let buf = '';
    child.stderr.on('data', (d) => {
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop();
      for (const l of parts)
        if (l.startsWith('SQL\t')) lines.push(l.slice(4));
        else if (l.trim()) process.stderr.write(`${l}\n`);
    });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT=(\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}`, lines });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

(async () => {
  const { child, base, lines } = await startServer();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const tokens = {};
  const login = async (identifier) => {
    if (!identifier) return {};
    if (!tokens[identifier]) {
      const r = await fetch(`${base}/api/auth/local`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier, password: 'Balcao@2026' }),
      });
      const j = await r.json();
      if (!j.jwt) throw new Error(`login ${identifier}: ${JSON.stringify(j)}`);
      tokens[identifier] = { Authorization: `Bearer ${j.jwt}` };
    }
    return tokens[identifier];
  };
  const trace = async (url, headers) => {
    await sleep(30);
    const from = lines.length;
    const res = await fetch(url, { headers });
    await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${url}`);
    await sleep(30);
    return lines.slice(from);
  };
  for (const [name, urlFor, who, coreFor] of CASES.filter(([n]) => !process.env.ONLY || n.includes(process.env.ONLY))) {
    const headers = await login(who);
    for (let i = 0; i < 3; i++) {
      await trace(`${base}${urlFor(100 + i)}`, headers);
      await trace(`${base}${coreFor(100 + i)}`, {});
    }
    for (const [label, url, h] of [
      ['API', `${base}${urlFor(7)}`, headers],
      ['core find', `${base}${coreFor(7)}`, {}],
    ]) {
      const sql = await trace(url, h);
      console.log(`\n## ${name} — ${label}: ${sql.length} statements`);
      sql.forEach((s, i) => console.log(`${String(i + 1).padStart(2)}. ${s.length > 400 ? `${s.slice(0, 400)}…` : s}`));
    }
  }
  child.kill('SIGTERM');
  await exited;
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
