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
 *    seeded at bootstrap) on HOST:PORT with PWA_DIR=dist, as one process per core sharing that port
 *    (see below), and waits for all of them;
 * 4. prints the address and the demo logins; starts a process again whenever one dies (saying so,
 *    with its exit code or signal and the error it died of), and stops them on Ctrl-C or SIGTERM.
 *
 * Runs on the Node of package.json's `engines` (npm start puts node_modules/.bin/node, the npm `node`
 * package, first on the PATH; scripts/lib/runtime.mjs) and refuses another; its server processes are
 * forks of this one (process.execPath), so they run on the same Node.
 *
 * Env: PORT (default 4173), HOST (bind address, default 0.0.0.0), WEB_CONCURRENCY (how many server
 * processes, default one per core: os.availableParallelism()), DATABASE_FILENAME,
 * SKIP_BUILD=1 (use the existing outputs as they are), PWA_DIR (serve this built PWA instead of
 * dist/, which is then not rebuilt), PWA_URL (public address used in
 * e-mailed links, default http://localhost:PORT); every other variable goes to Strapi
 * (docs/architecture.md "Server configuration"). API_PORT is ignored (there is no second port).
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './lib/runtime.mjs';

requireSupportedNode('start');
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

// The server runs as workers of Node's cluster module and this script is their primary
// (docs/deploy.md "One machine", docs/decisions.md "Every core on one machine"):
// - one worker per core (os.availableParallelism()), or WEB_CONCURRENCY of them; they share one port
//   (cluster's shared listen, SCHED_NONE: the workers accept from one listening socket, so a connection
//   waiting in its queue goes to a live worker; with SCHED_RR a connection the primary had handed to a
//   worker that then died was never answered nor closed) and one database (SQLite in WAL mode with write
//   transactions that wait for each other, server/src/utils/sqlite-writers.ts, or PostgreSQL);
// - the first worker boots alone (schema sync, seed) and the others start once it listens;
// - one worker runs the scheduled sweeps (SCHEDULED_TASKS=on, the others off); its replacement takes them;
// - a worker that dies after the server came up is replaced at once, and the log says how it ended (exit
//   code or signal) and, when it died of an uncaught error, that error (server/src/utils/cluster.ts writes
//   it, synchronously, to the file FATAL_ERROR_FILE names before the process ends); one that dies before the server ever came up is a failed boot: everything stops with its exit code.
const WORKERS = workerCount();
cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: path.join(server, 'node_modules/@strapi/strapi/bin/strapi.js'), args: ['start'], cwd: server });
const workerEnv = {
  PORT,
  HOST,
  PWA_DIR: process.env.PWA_DIR ?? path.join(root, 'dist'),
  PWA_URL: process.env.PWA_URL ?? `http://localhost:${PORT}`,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
};
const listening = new WeakSet();
/** One file per worker where it writes the error it dies of (read when it exits, then removed). */
const fatalDir = mkdtempSync(path.join(tmpdir(), 'balcao-fatal-'));
process.on('exit', () => rmSync(fatalDir, { recursive: true, force: true }));
let forks = 0;
const fatalFile = new WeakMap();
let scheduler = null; // the worker that runs the scheduled sweeps
let cameUp = false;
let stopping = false;
let exitCode = 0;

/** WEB_CONCURRENCY (a whole number ≥ 1) or one per core. */
function workerCount() {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return availableParallelism();
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`[start] WEB_CONCURRENCY inválido ("${raw}"): use um número inteiro a partir de 1.`);
  process.exit(1);
}

function fork() {
  const tasks = scheduler === null;
  const file = path.join(fatalDir, `worker-${++forks}.txt`);
  const worker = cluster.fork({ ...workerEnv, SCHEDULED_TASKS: tasks ? 'on' : 'off', FATAL_ERROR_FILE: file });
  fatalFile.set(worker, file);
  if (tasks) scheduler = worker;
  log(`servidor iniciado (pid ${worker.process.pid}${tasks ? ', com as tarefas agendadas' : ''})`);
}

cluster.on('listening', (worker) => {
  listening.add(worker);
  log(`servidor (pid ${worker.process.pid}) aceitando conexões`);
  if (cameUp) return;
  cameUp = true; // the first worker has synced the schema and seeded: the others may start
  for (let i = 1; i < WORKERS; i++) fork();
});
cluster.on('exit', (worker, code, signal) => {
  if (worker === scheduler) scheduler = null;
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    return;
  }
  const how = signal ? `sinal ${signal}` : `código ${code}`;
  if (!cameUp) {
    console.error(`[start] o servidor (pid ${worker.process.pid}) terminou sem chegar a responder (${how}).`);
    exitCode = code || 1;
    stop(exitCode);
    return;
  }
  replace(worker, how).catch((err) => console.error(`[start] ${err?.stack ?? err}`));
});

/** The error an exited worker wrote before it died (its first lines), or null; the file is removed. */
function lastErrorOf(worker) {
  const file = fatalFile.get(worker);
  if (!file || !existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  rmSync(file, { force: true });
  return text.split('\n').slice(0, 6).join('\n');
}

/** Logs how `worker` ended (and the error it died of, if it sent one), then starts another. */
async function replace(worker, how) {
  if (stopping) return;
  const error = lastErrorOf(worker);
  // one write: a reader of the log never sees the exit without its error
  console.error(
    `[start] o servidor (pid ${worker.process.pid}) terminou (${how}); iniciando de novo.` +
      (error ? `\n[start] último erro do servidor (pid ${worker.process.pid}): ${error}` : ''),
  );
  fork();
}

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

log(
  `iniciando o Balcão (Strapi + PWA) em ${HOST}:${PORT} com ${WORKERS} ${WORKERS === 1 ? 'processo' : 'processos'} no Node ${process.version} (${process.execPath})...`,
);
fork();

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  const probeHost = HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST;
  while (Date.now() < deadline && !stopping) {
    const up = Object.values(cluster.workers ?? {}).filter((w) => listening.has(w)).length;
    if (up < WORKERS) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
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
