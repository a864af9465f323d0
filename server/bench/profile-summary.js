#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, see bench/profile.js) of the REST path:
 *
 * - phases: every sample is given to the phase of its LEAF-MOST recognised frame (rules below, by
 *   file and function name), so a middleware's `next()` chain is not billed to the middleware and
 *   each phase is CPU spent in that code itself (plus unrecognised helpers it calls: lodash, yup,
 *   …). SQL run by better-sqlite3 is its own phase (synchronous, so it is CPU too); the split by
 *   statement (count / rows / auth tables) comes from the `<name>.sql.json` that profile-hooks.js writes;
 * - the heaviest functions (self time) and modules (self time by package or src file).
 *
 * Only samples inside the measured window (profile-hooks.js) are kept when the window is known.
 *   node bench/profile-summary.js bench-results/profiles/orders-admin.cpuprofile [requests]
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * Phases of the REST path, [phase, test(url, functionName)]. A sample goes to the phase of its
 * leaf-most frame any rule matches, looking only below the innermost koa-compose `dispatch` frame:
 * what is above it is an outer middleware waiting in `next()`, not spending its own time.
 */
const SPECIFIC = [
  ['logging (strapi::logger, winston)', (u) => /@strapi\/logger|\/winston|\/logform|core\/dist\/middlewares\/logger/.test(u)],
  [
    'auth: JWT, token version, user + role, permissions, ability',
    (u) =>
      /plugin-users-permissions\/dist\/server\/(strategies|services\/(jwt|user|permission|users-permissions))|\/jsonwebtoken\/|\/jws\/|\/jwa\/|@casl|@strapi\/permissions|core\/dist\/services\/content-api\/permissions|core\/dist\/services\/auth|core\/dist\/services\/server\/compose-endpoint.*authenticat|extensions\/users-permissions\/sessions|utils\/auth-cache|core\/dist\/services\/core-store/.test(
        u,
      ),
  ],
  [
    'relation-id resolution (relationBranchesToIds, neutralizeImpossibleNumbers)',
    (u, f) => /utils\/search\/list-filters/.test(u) && /relationBranchesToIds|neutralizeImpossibleNumbers/.test(f),
  ],
  ['our middleware: query-shape', (u) => /utils\/query-errors|middlewares\/query-shape/.test(u)],
  ['our middleware: idempotency', (u) => /middlewares\/idempotency/.test(u)],
  ['our middleware: draining', (u) => /middlewares\/draining/.test(u)],
  ['our middleware: db-errors', (u) => /middlewares\/db-errors/.test(u)],
  ['our middleware: strip-cache-buster', (u) => /middlewares\/strip-cache-buster/.test(u)],
  ['our middlewares: others (body-*, upload-guard, signed-files, pwa)', (u) => /\/src\/middlewares\//.test(u)],
  ['query rule: user filters (ours)', (u) => /utils\/user-filters/.test(u)],
  ['output sanitising: user exposure (ours)', (u) => /utils\/user-exposure/.test(u)],
  ['output sanitising (traverse-entity, sanitizers)', (u) => /@strapi\/utils\/dist\/traverse-entity|utils\/output-sanitizer/.test(u)],
  ['scope (ours: getScope, scopeFilter)', (u) => /utils\/scope\b|utils\/scoped-controller/.test(u)],
  ['users controller (ours)', (u) => /users-permissions\/user-controller/.test(u)],
  ['query validation', (u) => /@strapi\/utils\/dist\/validate\//.test(u)],
  ['query sanitising', (u) => /@strapi\/utils\/dist\/(sanitize\/|traverse\/)|utils\/query-cache/.test(u)],
  ['transformResponse', (u) => /core-api\/controller\/transform/.test(u)],
  ['compression (koa-compress, zlib)', (u) => /koa-compress|node:zlib|node:internal\/zlib/.test(u)],
];
/** Layers, when no phase above matched (e.g. SQL after an `await`, whose caller is no longer on the stack). */
const GENERIC = [
  ['SQL execution (better-sqlite3)', (u) => /better-sqlite3/.test(u)],
  ['knex (SQL building, pool)', (u) => /\/knex\/|\/tarn\//.test(u)],
  ['database layer (@strapi/database: query building, hydration)', (u) => /@strapi\/database\//.test(u)],
  [
    'document service (@strapi/core: params → query)',
    (u) => /core\/dist\/services\/(document-service|entity-service)|core\/dist\/core-api\/service|@strapi\/utils\/dist\/convert-query-params/.test(u),
  ],
  ['koa, router, Strapi middlewares', (u) => /\/koa|@koa\/|core\/dist\/(middlewares|services\/server)|\/helmet\/|\/co-body\/|\/formidable\/|\/qs\//.test(u)],
  ['node: HTTP, streams, async hooks, timers', (u) => /^node:/.test(u)],
];
/** sanitize/ visitors are shared by the query and the output sanitisers: decide by a frame further up. */
const SHARED = /@strapi\/utils\/dist\/(sanitize\/|traverse\/factory)/;

function classify(stack) {
  const frames = [];
  for (const frame of stack) {
    if (/koa-compose/.test(frame.url || '') && frame.functionName === 'dispatch') break;
    frames.push(frame);
  }
  let shared = false;
  for (const frame of frames) {
    const u = frame.url || '';
    const f = frame.functionName || '';
    if (SHARED.test(u)) {
      shared = true;
      continue;
    }
    if (shared && /@strapi\/utils\/dist\/traverse-entity/.test(u)) return 'output sanitising (traverse-entity, sanitizers)';
    if (shared && /@strapi\/utils\/dist\/validate\//.test(u)) return 'query validation';
    if (shared && /@strapi\/utils|lodash|\/yup\//.test(u)) continue;
    for (const [phase, test] of SPECIFIC) if (test(u, f)) return phase;
  }
  if (shared) return 'query sanitising';
  for (const frame of frames) for (const [phase, test] of GENERIC) if (test(frame.url || '', frame.functionName || '')) return phase;
  const leaf = stack[0];
  if (!leaf) return 'other';
  if (leaf.functionName === '(garbage collector)') return 'garbage collector';
  if (leaf.functionName === '(program)') return 'V8/native (program)';
  return 'other (lodash, yup, native, …)';
}

function moduleOf(url) {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/dist/src/');
  if (src >= 0) return `src/${url.slice(src + 10)}`;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return path.basename(url);
}

/**
 * Reads `file` (.cpuprofile) and returns per phase / function / module the CPU ms and the share of
 * the CPU (idle excluded); `requests` gives the per-request figures; `sqlFile` the SQL statements
 * and window written by profile-hooks.js.
 */
function summarise(file, { requests = 1, wallMs = null, sqlFile = null } = {}) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sql = sqlFile && fs.existsSync(sqlFile) ? JSON.parse(fs.readFileSync(sqlFile, 'utf8')) : null;
  const win = sql?.window?.startUs != null && sql?.window?.endUs != null ? sql.window : null;

  const stackCache = new Map();
  const stackOf = (id) => {
    if (stackCache.has(id)) return stackCache.get(id);
    const frames = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur).callFrame);
    stackCache.set(id, frames);
    return frames;
  };

  const phases = new Map();
  const phaseFns = new Map();
  const fns = new Map();
  const mods = new Map();
  let t = profile.startTime;
  let idle = 0;
  let cpu = 0;
  let kept = 0;
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (win && (t < win.startUs || t > win.endUs)) continue;
    kept++;
    const node = byId.get(profile.samples[i]);
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += dt;
      continue;
    }
    cpu += dt;
    const phase = classify(stackOf(node.id));
    add(phases, phase, dt);
    if (!phaseFns.has(phase)) phaseFns.set(phase, new Map());
    add(phaseFns.get(phase), `${frame.functionName || '(anonymous)'} ${moduleOf(frame.url)}:${frame.lineNumber + 1}`, dt);
    add(fns, `${frame.functionName || '(anonymous)'} ${moduleOf(frame.url)}:${frame.lineNumber + 1}`, dt);
    add(mods, moduleOf(frame.url), dt);
  }
  const rows = (map) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, msPerRequest: us / 1000 / requests, share: cpu ? us / cpu : 0 }));
  return {
    file,
    windowed: Boolean(win && kept),
    requests,
    wallMsPerRequest: wallMs == null ? null : wallMs / requests,
    cpuMsPerRequest: cpu / 1000 / requests,
    idleShare: cpu + idle ? idle / (cpu + idle) : 0,
    phases: rows(phases).map((r) => ({ ...r, top: rows(phaseFns.get(r.name)).slice(0, 3) })),
    functions: rows(fns).slice(0, 25),
    modules: rows(mods).slice(0, 20),
    sql: sql?.sql ?? null,
  };
}

/** Plain-text table of a summary (what bench/profile.js prints). */
function format(s) {
  const pct = (x) => `${(x * 100).toFixed(1).padStart(5)} %`;
  const ms = (x) => `${x.toFixed(2).padStart(7)} ms`;
  const lines = [];
  lines.push(
    `CPU ${s.cpuMsPerRequest.toFixed(1)} ms per request${s.windowed ? '' : ' (whole profile: window unknown)'}; process idle ${(s.idleShare * 100).toFixed(0)} % of the window`,
  );
  lines.push('', 'phase (leaf-most recognised frame)                                      CPU/request   share');
  for (const r of s.phases) {
    lines.push(`  ${r.name.padEnd(72)} ${ms(r.msPerRequest)} ${pct(r.share)}`);
    if (process.env.PHASE_DETAIL) for (const t of r.top) lines.push(`      ${t.name.slice(0, 80).padEnd(80)} ${ms(t.msPerRequest)}`);
  }
  if (s.sql) {
    lines.push('', 'SQL statements in the window (wall of each statement; synchronous on SQLite)');
    for (const [kind, v] of Object.entries(s.sql).sort((a, b) => b[1].ms - a[1].ms))
      lines.push(`  ${kind.padEnd(48)} ${(v.statements / s.requests).toFixed(2).padStart(6)} per request ${ms(v.ms / s.requests)}`);
  }
  lines.push('', 'heaviest functions (self)');
  for (const r of s.functions) lines.push(`  ${r.name.slice(0, 90).padEnd(90)} ${ms(r.msPerRequest)} ${pct(r.share)}`);
  lines.push('', 'heaviest modules (self)');
  for (const r of s.modules) lines.push(`  ${r.name.slice(0, 70).padEnd(70)} ${ms(r.msPerRequest)} ${pct(r.share)}`);
  return lines.join('\n');
}

module.exports = { summarise, format, classify };

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/profile-summary.js <file.cpuprofile> [requests]');
    process.exit(2);
  }
  const requests = Number(process.argv[3] || 1);
  const sqlFile = file.replace(/\.cpuprofile$/, '.sql.json');
  console.log(format(summarise(file, { requests, sqlFile })));
}
