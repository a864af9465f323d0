#!/usr/bin/env node
/* global window, document, caches, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * `npm run bench:offline`, in Debian's Chromium through Playwright
 * against the production server (`npm start`, fresh temporary SQLite with the demo seed):
 *
 * 1. Warm start of /sales-orders: the time from navigation start to the first list row painted
 *    (a MutationObserver installed before the app runs stamps `performance.now()` when the first
 *    `tbody tr` appears), over BENCH_RUNS reloads with the network on (the service worker serves
 *    the shell, the API answers the list) and the same number with the network off (the list
 *    comes from the persisted React Query cache in IndexedDB), in the same browser, same run.
 * 2. Drain: BENCH_PAYMENTS new payments and BENCH_DOCUMENTS photo uploads (BENCH_PHOTO, default
 *    the e2e fixtures' 32×24 JPEG: the server checks that images decode) stored in the outbox while offline, exactly as the app stores them (IndexedDB
 *    `balcao`, tables `outbox` / `outboxBlobs`); the clock starts when the network comes back
 *    (the app's 'online' listener sends) and stops when the outbox is empty. Beside it, the same
 *    writes sent directly online from the page, one after the other, with the same requests
 *    (POST /api/receivables; POST /api/upload then POST /api/sales-order-documents, each with an
 *    Idempotency-Key).
 *
 * Prints median / min / max in ms and writes bench-results/offline.json. Figures depend on the
 * machine's load: take them on an idle machine. Exit 1 only when something could not be measured.
 * Env: BENCH_URL (a running server; then nothing is started), BENCH_PORT (4397), BENCH_API_PORT
 * (1397), BENCH_RUNS (5), BENCH_PAYMENTS (100), BENCH_DOCUMENTS (20), BENCH_PHOTO, CHROMIUM_PATH.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { enqueueInPage, outboxLeft, sendDirect } from './lib/outbox-page.mjs';
import { waitFor } from './lib/wait-for.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = process.env.BENCH_PORT ?? '4397';
const API_PORT = process.env.BENCH_API_PORT ?? '1397';
const BASE = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 20);
const ADMIN = { identifier: '52998224725', password: 'Balcao@2026' };
const PHOTO = Array.from(readFileSync(process.env.BENCH_PHOTO ?? path.join(root, 'tests/e2e/fixtures/foto-cnh.jpg')));

let server;
let tmp;
function stopServer() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
}
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { runs: s.length, median: Math.round(median), min: Math.round(s[0]), max: Math.round(s[s.length - 1]) };
};

async function api(method, pathname, token, body) {
  const res = await fetch(`${BASE}/api${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** An order of the demo dealership (user 3) and dispatcher (user 2), its PIX method and CNH type. */
async function fixtures(token) {
  const order = await api('POST', '/sales-orders', token, {
    data: {
      status_in: 'pending',
      billing_date: new Date().toISOString(),
      original_amount: 500,
      current_amount: 500,
      vehicle_price: 50000,
      user_company_id: 3,
      user_dispatcher_id: 2,
    },
  });
  const methods = await api('GET', '/payment-methods?pagination[pageSize]=100', token);
  const pix = methods.data.find((m) => m.name === 'PIX') ?? methods.data[0];
  const types = await api('GET', '/document-types?filters[user_company_id][id][$eq]=3&populate=*&pagination[pageSize]=100', token);
  const cnh = types.data.find((t) => t.name === 'CNH' && t.user_dispatcher_id?.id === 2) ?? types.data.find((t) => t.name === 'CNH') ?? types.data[0];
  return { orderId: order.data.id, method: { id: pix.id, name: pix.name }, type: { id: cnh.id, name: cnh.name } };
}

/** Waits until the service worker controls the page and holds the precached shell. */
async function serviceWorkerReady(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      if (!navigator.serviceWorker.controller || reg?.active?.state !== 'activated' || reg.installing) return false;
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        if ((await (await caches.open(name)).keys()).some((r) => new URL(r.url).pathname === '/index.html')) return true;
      }
      return false;
    },
    undefined,
    { timeout: 120_000, polling: 250 },
  );
}

/** Reloads /sales-orders and returns navigation start → first list row (ms, the page's clock). */
async function warmStart(page) {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => typeof window.__firstRowAt === 'number', undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => window.__firstRowAt);
}

async function main() {
  if (!process.env.BENCH_URL) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-offline-'));
    console.log(`[offline] npm start na porta ${PORT} (SQLite temporário)...`);
    server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT,
        API_PORT,
        HOST: '127.0.0.1',
        DATABASE_FILENAME: path.join(tmp, 'bench.db'),
        AUTH_RATELIMIT: 'false',
        LOG_LEVEL: 'error',
        EMAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
      },
    });
  }
  await waitFor(`${BASE}/login`, { ms: 300_000, process: server });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ baseURL: BASE, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const stamp = () => {
      if (typeof window.__firstRowAt !== 'number' && document.querySelector('tbody tr')) window.__firstRowAt = performance.now();
    };
    new MutationObserver(stamp).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const results = {};
  try {
    // Sign in through the login screen (the session stored as the app stores it).
    await page.goto('/login');
    await page.getByLabel('CPF/CNPJ').pressSequentially(ADMIN.identifier);
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 60_000 });
    await page.goto('/sales-orders');
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await serviceWorkerReady(page);
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_500); // the persisted cache writes at most once a second

    // 1. Warm start, online then offline, alternating runs in the same browser.
    const online = [];
    const offline = [];
    for (let i = 0; i < RUNS; i += 1) {
      online.push(await warmStart(page));
      await context.setOffline(true);
      offline.push(await warmStart(page));
      // The offline state is on screen: the list came from IndexedDB, not from the network.
      await page.getByText('Sem conexão').waitFor({ timeout: 10_000 });
      await context.setOffline(false);
    }
    results.warmStartOnline = stats(online);
    results.warmStartOffline = stats(offline);

    // 2. Drain of the queue vs. direct sends.
    const token = (await api('POST', '/auth/local', null, ADMIN)).jwt;
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id);
    const queued = await fixtures(token);
    await context.setOffline(true);
    await enqueueInPage(page, queued, userId, PAYMENTS, DOCUMENTS, PHOTO);
    if ((await outboxLeft(page)).count !== PAYMENTS + DOCUMENTS) throw new Error('os itens não entraram na fila');
    const t0 = Date.now();
    await context.setOffline(false);
    const limit = t0 + 30 * 60_000;
    for (;;) {
      const left = await outboxLeft(page);
      if (left.count === 0) break;
      if (left.refused.length) throw new Error(`o servidor recusou itens da fila: ${left.refused.slice(0, 3).join('; ')}`);
      if (Date.now() > limit) throw new Error('a fila não esvaziou em 30 min');
      await page.waitForTimeout(50);
    }
    results.drain = { payments: PAYMENTS, documents: DOCUMENTS, ms: Date.now() - t0 };
    const direct = await fixtures(token);
    results.direct = { payments: PAYMENTS, documents: DOCUMENTS, ms: Math.round(await sendDirect(page, direct, PAYMENTS, DOCUMENTS, PHOTO)) };

    // Each drained write reached the server exactly once.
    const got = await api('GET', `/receivables?filters[pedido_id][$eq]=${queued.orderId}&pagination[pageSize]=1`, token);
    const docs = await api('GET', `/sales-order-documents?filters[sales_order][id][$eq]=${queued.orderId}&pagination[pageSize]=1`, token);
    if (got.meta.pagination.total !== PAYMENTS || docs.meta.pagination.total !== DOCUMENTS)
      throw new Error(`no servidor: ${got.meta.pagination.total} pagamentos e ${docs.meta.pagination.total} documentos`);
  } finally {
    await browser.close();
  }

  console.log('\nbench:offline (ms; mediana, mín–máx)');
  console.log(
    `  warm start /sales-orders online  : ${results.warmStartOnline.median} (${results.warmStartOnline.min}–${results.warmStartOnline.max}), ${RUNS} execuções`,
  );
  console.log(
    `  warm start /sales-orders offline : ${results.warmStartOffline.median} (${results.warmStartOffline.min}–${results.warmStartOffline.max}), do IndexedDB`,
  );
  console.log(`  fila: ${PAYMENTS} pagamentos + ${DOCUMENTS} documentos esvaziada em ${results.drain.ms}`);
  console.log(`  direto online, os mesmos envios   : ${results.direct.ms}`);
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results/offline.json'), JSON.stringify({ at: new Date().toISOString(), base: BASE, ...results }, null, 2));
}

main().then(
  () => {
    stopServer();
    process.exit(0);
  },
  (error) => {
    console.error('[offline]', error instanceof Error ? error.message : error);
    stopServer();
    process.exit(1);
  },
);
