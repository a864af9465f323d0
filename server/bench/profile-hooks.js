/**
 * Preloaded into bench/server.js by bench/profile.js (`node -r ./bench/profile-hooks.js`): times
 * every SQL statement through knex's `query` / `query-response` events and, when the measured
 * window closes, writes
 * `<PROFILE_SQL_OUT>` (JSON: per statement kind and first table — `count sales_orders`,
 * `select up_users`, … — the number of statements and their summed wall time in ms). With better-sqlite3 a statement runs synchronously,
 * so that wall time is CPU time of the event loop. Does nothing without PROFILE_SQL_OUT.
 */
const fs = require('node:fs');

const out = process.env.PROFILE_SQL_OUT;
if (out) {
  const started = new Map();
  const stats = {};
  const kindOf = (sql) => {
    const s = String(sql).trim().toLowerCase();
    const table = (/ from [`"]?([a-z0-9_]+)/.exec(s) || [])[1] || '?';
    if (/^select count\(/.test(s)) return `count ${table}`;
    if (s.startsWith('select')) return `select ${table}`;
    return `${s.split(/\s+/)[0] || 'other'} ${table}`;
  };
  let add = (kind, ms) => {
    stats[kind] ??= { statements: 0, ms: 0 };
    stats[kind].statements += 1;
    stats[kind].ms += ms;
  };
  const attach = () => {
    const knex = global.strapi?.db?.connection;
    if (!knex || typeof knex.on !== 'function') return false;
    knex.on('query', (q) => started.set(q.__knexQueryUid, { t: performance.now(), kind: kindOf(q.sql) }));
    const done = (_r, q) => {
      const s = started.get(q?.__knexQueryUid);
      if (!s) return;
      started.delete(q.__knexQueryUid);
      add(s.kind, performance.now() - s.t);
    };
    knex.on('query-response', done);
    knex.on('query-error', (_e, q) => done(null, q));
    return true;
  };
  const timer = setInterval(() => attach() && clearInterval(timer), 50);
  timer.unref();
  // bench/profile.js opens the measured window (after login and warm-up) with a first SIGUSR2 and
  // closes it with a second: statements are counted inside it only, and its bounds (µs of the
  // monotonic clock V8 stamps the --cpu-prof samples with) let profile-summary.js keep only the
  // samples of the window
  const window = { startUs: null, endUs: null };
  process.on('SIGUSR2', () => {
    const now = Number(process.hrtime.bigint() / 1000n);
    if (window.startUs === null) {
      window.startUs = now;
      for (const k of Object.keys(stats)) delete stats[k];
    } else if (window.endUs === null) {
      window.endUs = now;
      // written now: strapi.destroy() removes every process listener, 'exit' included
      fs.writeFileSync(out, JSON.stringify({ window, sql: stats }, null, 2));
    }
  });
  const add0 = add;
  add = (kind, ms) => window.startUs !== null && window.endUs === null && add0(kind, ms);
}
