#!/usr/bin/env node
/**
 * README command 1 (`npm start`): serves the built PWA and the Strapi API from one origin.
 *
 * 1. writes server/.env with fresh secrets the first time (scripts/ensure-server-env.mjs);
 * 2. compiles the server (tsc) and builds the PWA (vite) when their sources are newer than
 *    their outputs;
 * 3. starts Strapi (`strapi start`, SQLite at server/.tmp/data.db unless DATABASE_FILENAME,
 *    seeded at bootstrap) on 127.0.0.1:API_PORT and waits for it;
 * 4. serves dist/ with `vite preview` on PORT, proxying /api and /uploads to Strapi, so the
 *    browser needs no CORS;
 * 5. prints the URL and the demo logins, and stops both on Ctrl-C (or when either exits).
 *
 * Env: PORT (PWA, default 4173), API_PORT (default 1337), DATABASE_FILENAME, HOST (PWA bind,
 * default 0.0.0.0), SKIP_BUILD=1 (use the existing outputs as they are).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server');
const PORT = process.env.PORT ?? '4173';
const API_PORT = process.env.API_PORT ?? '1337';
const HOST = process.env.HOST ?? '0.0.0.0';

const log = (msg) => console.log(`[start] ${msg}`);

function newest(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '.tmp') continue;
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
  const pwaInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts', 'package.json'].map((p) => newest(path.join(root, p)));
  const pwaOut = existsSync(path.join(root, 'dist/index.html')) ? statSync(path.join(root, 'dist/index.html')).mtimeMs : 0;
  if (Math.max(...pwaInputs) > pwaOut) {
    log('construindo o PWA (vite build)...');
    run('npm', ['run', 'build', '--silent'], root);
  }
}

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function start(name, cmd, args, opts) {
  const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} terminou (${signal ?? code}); parando tudo.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

log(`iniciando a API Strapi em 127.0.0.1:${API_PORT}...`);
start('API', process.execPath, [path.join(server, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
  cwd: server,
  env: { ...process.env, PORT: API_PORT, HOST: '127.0.0.1', NODE_ENV: process.env.NODE_ENV ?? 'production' },
});

async function waitForApi() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${API_PORT}/_health`);
      if (res.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

if (!(await waitForApi())) {
  console.error('[start] a API não respondeu em 120 s.');
  stop(1);
} else {
  start('PWA', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--port', PORT, '--strictPort', '--host', HOST], {
    cwd: root,
    env: { ...process.env, API_PORT, PORT },
  });
  setTimeout(() => {
    console.log(`
Balcão pronto em http://localhost:${PORT}  (API em /api, proxy para 127.0.0.1:${API_PORT})

Logins de demonstração (senha de todos: Balcao@2026)
  Administrador   CPF  529.982.247-25
  Despachante     CNPJ 11.222.333/0001-81
  Concessionária  CNPJ 45.283.095/0001-36
  Vendedor        CPF  111.444.777-35

Ctrl-C para parar.`);
  }, 800);
}
