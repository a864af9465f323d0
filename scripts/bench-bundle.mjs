#!/usr/bin/env node
/**
 * `npm run bench:bundle`: how much gzipped JavaScript the PWA makes a browser download.
 *
 * 1. builds the PWA (`vite build`) into its own folder and serves it from the real API
 *    (`npm start`'s Strapi with PWA_DIR set to that folder, on a fresh seeded SQLite file in a
 *    temporary directory), so the screens load their data and behave as for a user: a list
 *    that loads fine shows no failure toast and downloads no toaster;
 * 2. opens /login in Debian's Chromium and sums the gzipped size of every script it loads;
 * 3. signs in once as the seeded administrator through the login screen, then opens every
 *    route of the route table (built from the resource declarations: scripts/bench-routes-entry.ts)
 *    with that session (a `$id` is the first record the API lists for that resource) and reports
 *    the heaviest route;
 * 4. builds the Strapi admin panel in a temporary copy of server/ (so server/dist, which a
 *    running API uses, is not touched) and prints the gzipped size of its entry bundle
 *    (the module script of its index.html) beside the PWA figures.
 * Targets (docs/performance.md "Targets and current figures"): /login ≤ 120 KiB gzipped, the
 * heaviest route ≤ 220 KiB. Sizes are deterministic (no timing): this runs fine on a busy machine.
 * Results also go to bench-results/bundle.json.
 * Flags: --skip-admin (PWA only), --no-build (reuse the built PWA), --dead-api (the other
 * measure: `vite preview` with no API and a stored session, so every list toasts its load
 * failure and counts the toaster; faster, no Strapi start).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { waitFor } from './lib/wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Its own output folder, so a concurrent `npm run build` / `npm start` cannot swap files mid-measure.
const dist = path.join(root, 'bench-results/dist');
const args = new Set(process.argv.slice(2));
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const DEAD_API_PORT = process.env.BENCH_DEAD_API_PORT ?? '9';
const liveApi = !args.has('--dead-api');
// The seeded administrator (server/src/seed; README's demo logins).
const ADMIN = { document: '52998224725', password: 'Balcao@2026' };
const TARGETS_KIB = { login: 120, heaviestRoute: 220 };

const kib = (bytes) => (bytes / 1024).toFixed(1);
const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function run(cmd, argv, cwd, env = process.env) {
  const res = spawnSync(cmd, argv, { cwd, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} terminou com ${res.status}`);
}

// ---------- 1. build and serve the PWA ----------
if (!args.has('--no-build')) {
  console.log('[bench] vite build...');
  run(process.execPath, [path.join(root, 'node_modules/@pandacss/dev/bin.js'), 'codegen', '--silent'], root);
  run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], root);
}
const serverTmp = liveApi ? mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-bundle-')) : undefined;
const preview = liveApi
  ? // scripts/start.mjs compiles the server when its sources changed; PWA_DIR set: it builds no PWA.
    spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PWA_DIR: dist,
        DATABASE_FILENAME: path.join(serverTmp, 'data.db'),
        EMAIL_OUTBOX_DIR: path.join(serverTmp, 'outbox'),
        AUTH_RATELIMIT: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  : spawn(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--outDir', dist, '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
      {
        cwd: root,
        env: { ...process.env, API_PORT: DEAD_API_PORT, PORT: String(PORT) },
        stdio: 'ignore',
      },
    );
const stopPreview = () => {
  if (preview.exitCode === null) preview.kill('SIGTERM');
  if (serverTmp) rmSync(serverTmp, { recursive: true, force: true });
};
process.on('exit', stopPreview);

const base = `http://127.0.0.1:${PORT}`;
if (liveApi) console.log('[bench] iniciando a API (Strapi, banco semeado temporário)...');
await waitFor(`${base}/login`, { ms: liveApi ? 240_000 : 30_000, intervalMs: 500, okOnly: true });

// ---------- 2 + 3. measure in Chromium ----------
// The routes and their records' sources, from the resource declarations (Vite's module runner, with the app's `@` alias).
const { runnerImport } = await import('vite');
const { module: benchRoutes } = await runnerImport('/scripts/bench-routes-entry.ts', {
  configFile: false,
  root,
  resolve: { alias: { '@': path.join(root, 'src') } },
  logLevel: 'warn',
});
const routePaths = benchRoutes.ROUTE_PATHS;
const apis = [
  'state',
  'customer',
  'vehicle-type',
  'payment-method',
  'sales-item',
  'company',
  'sales-order',
  'receivable',
  'document-type',
  'sales-order-document',
  'company-agreement',
];
const all = (actions) => Object.fromEntries(actions.map((a) => [a, { enabled: true, policy: '' }]));
const crud = ['find', 'findOne', 'create', 'update', 'delete'];
const tree = {
  'plugin::users-permissions': {
    controllers: {
      user: all(['me', 'find', 'findOne', 'create', 'update', 'destroy']),
      role: all(['find', 'findOne', 'createRole', 'updateRole', 'deleteRole']),
    },
  },
  ...Object.fromEntries(apis.map((api) => [`api::${api}`, { controllers: { [api]: all(crud) } }])),
};
const adminUser = {
  id: 1,
  username: '52998224725',
  email: 'admin@balcao.local',
  name: 'Administrador',
  type: 'admin',
  role: { id: 1, name: 'Administrador', type: 'administrador' },
};

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

/** The administrator's stored session and token (live API), once signed in. */
let live;

/**
 * Live API: signs in as the administrator through the login screen, the way a person does, and
 * keeps the stored session (localStorage) for the other pages; also finds a real record per
 * resource for the `$id` routes.
 */
async function signInOnce() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('CPF/CNPJ').pressSequentially(ADMIN.document);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${base}/`, { timeout: 30_000 });
  const storageState = await context.storageState();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await context.close();
  return { storageState, token };
}

// Route with `$id` → the API list that names its records, and the field the route takes.
async function recordId(pathname, token) {
  const source = benchRoutes.RECORD_SOURCES[pathname];
  if (!source || !token) return '1';
  const res = await fetch(`${base}/api${source[0]}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = res.ok ? await res.json() : undefined;
  const rows = Array.isArray(body) ? body : (body?.data ?? body?.roles ?? []);
  const id = rows[0]?.[source[1]];
  if (id === undefined) console.warn(`[bench] sem registro para ${pathname}: usando 1`);
  return id === undefined ? '1' : String(id);
}

async function scriptsLoadedBy(pathname, signedIn) {
  const context = await browser.newContext(signedIn && live ? { storageState: live.storageState } : {});
  if (signedIn && !live) {
    await context.addInitScript(
      ([user, permissions]) => {
        localStorage.setItem('token', 'bench');
        localStorage.setItem('user', user);
        localStorage.setItem('permissions', permissions);
      },
      [JSON.stringify(adminUser), JSON.stringify(tree)],
    );
  }
  const page = await context.newPage();
  const scripts = new Set();
  let lastScriptAt = Date.now();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === base && res.request().resourceType() === 'script') {
      scripts.add(url.pathname);
      lastScriptAt = Date.now();
    }
  });
  const id = pathname.includes('$id') ? (live ? await recordId(pathname, live.token) : '1') : '';
  await page.goto(base + pathname.replaceAll('$id', id), { waitUntil: 'networkidle' });
  // 'networkidle' is 500 ms without requests; on a busy machine the code that asks for the next
  // chunk may run later than that, so also wait for 1.5 s without a new script (at most 15 s).
  const settleUntil = Date.now() + 15_000;
  while (Date.now() - lastScriptAt < 1_500 && Date.now() < settleUntil) await page.waitForTimeout(250);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  const files = [...scripts].map((p) => path.join(dist, p));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`scripts fora de ${dist}: ${missing.join(', ')}`);
  return {
    path: pathname,
    finalPath,
    files: files.map((f) => path.relative(dist, f)),
    gzip: files.reduce((n, f) => n + gzipBytes(f), 0),
    raw: files.reduce((n, f) => n + readFileSync(f).length, 0),
  };
}

console.log('[bench] medindo /login e as rotas...');
const login = await scriptsLoadedBy('/login', false);
live = liveApi ? await signInOnce() : undefined;
const routes = [];
for (const p of routePaths) routes.push(await scriptsLoadedBy(p, true));
await browser.close();
stopPreview();
const heaviest = routes.reduce((a, b) => (b.gzip > a.gzip ? b : a));

// ---------- 4. Strapi admin entry bundle ----------
let admin = null;
if (!args.has('--skip-admin')) {
  const server = path.join(root, 'server');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'balcao-admin-'));
  try {
    // The admin bundle depends on the installed plugins and their configuration, not on the
    // API's own code: copy config/ and package.json, stub src/ (so the API's type errors, if
    // any, cannot fail this build), keep src/admin/ customisations if there are any.
    for (const entry of ['package.json', 'tsconfig.json', 'config', '.env']) {
      if (existsSync(path.join(server, entry))) cpSync(path.join(server, entry), path.join(tmp, entry), { recursive: true });
    }
    mkdirSync(path.join(tmp, 'src'), { recursive: true });
    writeFileSync(path.join(tmp, 'src/index.ts'), 'export default { register() {}, bootstrap() {} };\n');
    // config/plugins.ts reads the upload provider's settings from this module (no imports of the API's own)
    mkdirSync(path.join(tmp, 'src/utils'), { recursive: true });
    cpSync(path.join(server, 'src/utils/object-storage.ts'), path.join(tmp, 'src/utils/object-storage.ts'));
    if (existsSync(path.join(server, 'src/admin'))) cpSync(path.join(server, 'src/admin'), path.join(tmp, 'src/admin'), { recursive: true });
    mkdirSync(path.join(tmp, 'public'), { recursive: true });
    symlinkSync(path.join(server, 'node_modules'), path.join(tmp, 'node_modules'));
    if (!existsSync(path.join(tmp, '.env'))) run(process.execPath, [path.join(root, 'scripts/ensure-server-env.mjs')], root);
    if (!existsSync(path.join(tmp, '.env')) && existsSync(path.join(server, '.env'))) cpSync(path.join(server, '.env'), path.join(tmp, '.env'));
    console.log('[bench] strapi build (painel admin, numa cópia temporária de server/)...');
    run(process.execPath, [path.join(server, 'node_modules/@strapi/strapi/bin/strapi.js'), 'build', '--silent'], tmp, {
      ...process.env,
      NODE_ENV: 'production',
    });
    const buildDir = path.join(tmp, 'dist/build');
    const html = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
    const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1].replace(/^\/admin\//, '').replace(/^\//, ''));
    const files = entries.map((e) => path.join(buildDir, e)).filter((f) => existsSync(f));
    admin = {
      files: files.map((f) => path.relative(buildDir, f)),
      gzip: files.reduce((n, f) => n + gzipBytes(f), 0),
      raw: files.reduce((n, f) => n + readFileSync(f).length, 0),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------- report ----------
const line = (label, r) => `${label.padEnd(46)} ${kib(r.gzip).padStart(8)} KiB gzip  (${kib(r.raw)} KiB raw, ${r.files.length} arquivos)`;
console.log(`\nJavaScript baixado (gzip nível 9; ${liveApi ? 'API real semeada' : 'sem API (--dead-api)'}):`);
const goal = (r, kibGoal) => (r.gzip / 1024 <= kibGoal ? `  ✓ meta ≤ ${kibGoal} KiB` : `  ✗ acima da meta de ${kibGoal} KiB`);
console.log(line('PWA /login', login) + goal(login, TARGETS_KIB.login));
console.log(line(`PWA rota mais pesada: ${heaviest.path}`, heaviest) + goal(heaviest, TARGETS_KIB.heaviestRoute));
if (admin) console.log(line('Strapi admin: bundle de entrada', admin));
else console.log('Strapi admin: não medido (--skip-admin)');
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench-results/bundle.json'),
  JSON.stringify({ date: new Date().toISOString(), api: liveApi ? 'live' : 'dead', targetsKiB: TARGETS_KIB, login, heaviest, routes, admin }, null, 2),
);
console.log('\nDetalhes: bench-results/bundle.json');
process.exit(0);
