#!/usr/bin/env node
/**
 * README command 1 (`npm start`): one Strapi process serves the API and the built PWA on one
 * origin (server/src/middlewares/pwa.ts: precompressed files, cache headers, history fallback,
 * CSP), with no proxy in between.
 *
 * 1. writes server/.env with fresh secrets the first time (scripts/ensure-server-env.mjs);
 * 2. compiles the server (tsc) and builds the PWA (vite) when their sources are newer than
 *    their outputs;
 * 3. starts Strapi (`strapi start`, SQLite at server/.tmp/data.db unless DATABASE_FILENAME,
 *    seeded at bootstrap) on HOST:PORT with PWA_DIR=dist, and waits for it;
 * 4. prints the address and the demo logins; starts Strapi again whenever it dies (saying so,
 *    with its exit code or signal), and stops it on Ctrl-C or SIGTERM.
 *
 * Env: PORT (default 4173), HOST (bind address, default 0.0.0.0), DATABASE_FILENAME,
 * SKIP_BUILD=1 (use the existing outputs as they are), PWA_DIR (serve this built PWA instead of
 * dist/, which is then not rebuilt), PWA_URL (public address used in
 * e-mailed links, default http://localhost:PORT); every other variable goes to Strapi
 * (docs/architecture.md "Server configuration"). API_PORT is ignored (there is no second port).
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server');
const PORT = process.env.PORT ?? '4173';
const HOST = process.env.HOST ?? '0.0.0.0';

const log = (msg) => console.log(`[start] ${msg}`);

function newest(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '.tmp') continue;
    // `tsc --noEmit` (incremental) rewrites tsbuildinfo without emitting: not an output.
    if (entry.endsWith('.tsbuildinfo')) continue;
    max = Math.max(max, newest(path.join(target, entry)));
  }
  return max;
}

function run(cmd, args, cwd, { tolerate } = {}) {
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (res.status !== 0 && tolerate?.()) {
    console.warn(`[start] aviso: ${cmd} ${args.join(' ')} terminou com ${res.status}; seguindo com a saída gerada.`);
  } else if (res.status !== 0) {
    console.error(`[start] falhou: ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
}

run(process.execPath, [path.join(root, 'scripts/ensure-server-env.mjs')], root);

if (process.env.SKIP_BUILD !== '1') {
  const serverSrc = Math.max(newest(path.join(server, 'src')), newest(path.join(server, 'config')), newest(path.join(server, 'tsconfig.json')));
  const serverOut = existsSync(path.join(server, 'dist/src/index.js')) ? newest(path.join(server, 'dist')) : 0;
  if (serverSrc > serverOut) {
    log('compilando o servidor (tsc)...');
    // tsc still emits JavaScript on type errors; those are reported, not fatal.
    run(process.execPath, [path.join(server, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], server, {
      tolerate: () => existsSync(path.join(server, 'dist/src/index.js')),
    });
  }
  // The build's plugins (scripts/vite/) and what they read count as sources too.
  const pwaInputs = [
    'src',
    'public',
    'index.html',
    'vite.config.ts',
    'scripts/vite',
    'scripts/index-maps.ts',
    'scripts/resource-maps-entry.ts',
    'panda.config.ts',
    'postcss.config.cjs',
    'package.json',
  ].map((p) => newest(path.join(root, p)));
  const pwaOut = existsSync(path.join(root, 'dist/index.html')) ? statSync(path.join(root, 'dist/index.html')).mtimeMs : 0;
  // PWA_DIR given: the caller serves a PWA it built (bench:bundle), dist/ is not rebuilt.
  if (!process.env.PWA_DIR && Math.max(...pwaInputs) > pwaOut) {
    log('construindo o PWA (vite build)...');
    run('npm', ['run', 'build', '--silent'], root);
  }
}

// The server runs as a worker of Node's cluster module and this script is its primary: a worker
// that dies after it has started listening is started again at once, as a process manager does in
// production (docs/deploy.md "Strapi instances"), and the log says how it ended (the error itself is
// on its stderr, printed by Node). A worker that dies before listening is a failed boot: everything
// stops with its exit code. One worker: several would be several SQLite writers (docs/decisions.md
// "One machine: a server that dies is started again").
const WORKERS = 1;
cluster.schedulingPolicy = cluster.SCHED_NONE; // the worker accepts its own connections
cluster.setupPrimary({ exec: path.join(server, 'node_modules/@strapi/strapi/bin/strapi.js'), args: ['start'], cwd: server });
const workerEnv = {
  PORT,
  HOST,
  PWA_DIR: process.env.PWA_DIR ?? path.join(root, 'dist'),
  PWA_URL: process.env.PWA_URL ?? `http://localhost:${PORT}`,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};
const listening = new WeakSet();
let stopping = false;
let exitCode = 0;

function fork() {
  const worker = cluster.fork(workerEnv);
  log(`servidor iniciado (pid ${worker.process.pid})`);
}

cluster.on('listening', (worker) => listening.add(worker));
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    return;
  }
  const how = signal ? `sinal ${signal}` : `código ${code}`;
  if (!listening.has(worker)) {
    console.error(`[start] o servidor (pid ${worker.process.pid}) terminou sem chegar a responder (${how}).`);
    exitCode = code || 1;
    stop(exitCode);
    return;
  }
  console.error(`[start] o servidor (pid ${worker.process.pid}) terminou (${how}); iniciando de novo.`);
  fork();
});

/** Stops the workers (SIGTERM: they drain and close, server/src/utils/cluster.ts); a second signal kills them. */
function stop(code = 0) {
  const workers = Object.values(cluster.workers ?? {});
  if (stopping) {
    for (const worker of workers) worker.process.kill('SIGKILL');
    process.exit(exitCode);
  }
  stopping = true;
  exitCode = code;
  if (workers.length === 0) process.exit(exitCode);
  for (const worker of workers) worker.process.kill('SIGTERM');
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

log(`iniciando o Balcão (Strapi + PWA) em ${HOST}:${PORT}...`);
for (let i = 0; i < WORKERS; i++) fork();

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  const probeHost = HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://${probeHost}:${PORT}/_health`);
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

if (stopping) {
  // a signal or a failed boot came first
} else if (!(await waitForServer())) {
  if (!stopping) {
    console.error('[start] o servidor não respondeu em 120 s.');
    stop(1);
  }
} else {
  console.log(`
Balcão pronto em http://localhost:${PORT}  (o app e a API em /api, no mesmo endereço)

Logins de demonstração (senha de todos: Balcao@2026)
  Administrador   CPF  529.982.247-25
  Despachante     CNPJ 11.222.333/0001-81
  Concessionária  CNPJ 45.283.095/0001-36
  Vendedor        CPF  111.444.777-35

Ctrl-C para parar.`);
}
