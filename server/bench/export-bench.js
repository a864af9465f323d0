#!/usr/bin/env node
/**
 * npm run bench:export — exports every receivable of the large seed (200,000: scripts/seed-large.js)
 * as the admin's 'Exportar' of /receivables does (its populate, its columns), once as CSV and once as
 * XLSX, and prints for each: wall time, rows and bytes received, and the Node server process's memory
 * growth while it streamed (from a baseline taken after a forced GC: RSS read from /proc every 50 ms, heap
 * from GET /bench/memory every 100 ms),
 * against the targets (≤ 30 s, ≤ 100 MB), and the heap still held after a forced GC once it ended (a leak
 * shows there; garbage does not). It prints figures and never fails on them.
 *
 *   node bench/export-bench.js                        SQLite server/.tmp/large.db (seeded when missing)
 *   ORDERS=5000 DATABASE_FILENAME=.tmp/export-small.db node bench/export-bench.js   a reduced run (10,000 rows)
 *
 * Results: bench-results/export.json at the repository root.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server-process');

const appDir = path.resolve(__dirname, '..');
const repoRoot = path.resolve(appDir, '..');
const TARGET_SECONDS = 30;
const TARGET_MB = 100;
const MB = 1024 * 1024;

if (!process.env.DATABASE_CLIENT || process.env.DATABASE_CLIENT === 'sqlite') {
  process.env.DATABASE_FILENAME = process.env.DATABASE_FILENAME || '.tmp/large.db';
}

function ensureSeed() {
  const file = path.resolve(appDir, process.env.DATABASE_FILENAME);
  if (fs.existsSync(file)) return;
  console.log(`[bench:export] ${file} missing: running seed:large first`);
  const r = spawnSync(process.execPath, [path.join(appDir, 'scripts/seed-large.js')], { stdio: 'inherit', cwd: appDir });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The resident set of `pid` in bytes (Linux /proc), or null elsewhere. */
function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The columns of the /receivables list (src/features/receivables/receivable-list.tsx), as 'Exportar' sends them. */
const COLUMNS = [
  { header: 'ID', value: ['id'], format: 'integer' },
  { header: 'Data', value: ['payment_date'], format: 'date' },
  { header: 'Pedido', value: ['pedido_id', 'sales_order.id'], format: 'integer' },
  { header: 'Despachante', value: ['user_dispatcher_id'], format: 'person' },
  { header: 'Concessionária', value: ['user_company_id'], format: 'person' },
  { header: 'CPF/CNPJ do Cliente', value: ['cpf_cnpj_cliente'], format: 'document' },
  { header: 'Meio de Pagamento', value: ['payment_method_id.name'] },
  { header: 'Valor Nominal', value: ['amount_original'], format: 'money' },
  { header: 'Valor Final', value: ['amount_final'], format: 'money' },
  { header: 'Status', value: ['status_in'], format: 'label', labels: { paid: 'Pago', pending: 'Pendente', reversed: 'Revertido' }, fallback: 'Pendente' },
];
const POPULATE = ['payment_method_id', 'sales_order', 'user_dispatcher_id', 'user_company_id'];

/** One export, streamed and counted, with the server's memory sampled meanwhile. */
async function measureExport(base, token, pid, format) {
  const { stringify } = require('qs');
  const exportParam = JSON.stringify({ format, name: 'Contas a Receber', timeZone: 'America/Sao_Paulo', columns: COLUMNS });
  const url = `${base}/api/receivables/export?${stringify({ populate: POPULATE, export: exportParam }, { encodeValuesOnly: true })}`;
  const before = await (await fetch(`${base}/bench/memory?gc=1`)).json();
  const rss0 = rssOf(pid) ?? before.rss;
  let rssPeak = rss0;
  let heapPeak = before.heapUsed;
  let sampling = true;
  const rssTimer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null) rssPeak = Math.max(rssPeak, rss);
  }, 50);
  const heapLoop = (async () => {
    while (sampling) {
      try {
        const m = await (await fetch(`${base}/bench/memory`)).json();
        heapPeak = Math.max(heapPeak, m.heapUsed);
        rssPeak = Math.max(rssPeak, m.rss);
      } catch {
        // the server is busy: the next sample
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  // compressed as the browser asks (br), read decompressed as the PWA reads it
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  clearInterval(rssTimer);
  await heapLoop;
  // what the export left behind once collected: a leak would show here, garbage would not
  const after = await (await fetch(`${base}/bench/memory?gc=1`)).json();
  return {
    format,
    seconds: Number(seconds.toFixed(2)),
    rows: format === 'csv' ? lines - 1 : null,
    megabytes: Number((bytes / MB).toFixed(1)),
    rssStartMB: Number((rss0 / MB).toFixed(1)),
    rssGrowthMB: Number(((rssPeak - rss0) / MB).toFixed(1)),
    heapStartMB: Number((before.heapUsed / MB).toFixed(1)),
    heapGrowthMB: Number(((heapPeak - before.heapUsed) / MB).toFixed(1)),
    heapRetainedMB: Number(((after.heapUsed - before.heapUsed) / MB).toFixed(1)),
  };
}

async function main() {
  ensureSeed();
  const { child, base } = await startServer({ nodeArgs: ['--expose-gc'] });
  try {
    const login = await fetch(`${base}/api/auth/local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: '52998224725', password: 'Balcao@2026' }),
    });
    const { jwt } = await login.json();
    const total = (await (await fetch(`${base}/api/receivables?pagination[pageSize]=1`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).meta
      .pagination.total;
    console.log(`[bench:export] ${total} receivables (${process.env.DATABASE_CLIENT || 'sqlite'})`);
    const results = [];
    for (const format of ['csv', 'xlsx']) {
      const r = await measureExport(base, jwt, child.pid, format);
      results.push(r);
      const time = r.seconds <= TARGET_SECONDS ? '✓' : '✗';
      const memory = Math.max(r.rssGrowthMB, r.heapGrowthMB) <= TARGET_MB ? '✓' : '✗';
      console.log(
        `${format.toUpperCase().padEnd(5)} ${String(r.seconds).padStart(7)} s ${time} (meta ≤ ${TARGET_SECONDS} s)  ` +
          `${r.rows ?? total} linhas, ${r.megabytes} MB  ` +
          `RSS ${r.rssStartMB} MB +${r.rssGrowthMB} MB, heap ${r.heapStartMB} MB +${r.heapGrowthMB} MB ${memory} (meta ≤ ${TARGET_MB} MB), ` +
          `heap retido após GC ${r.heapRetainedMB} MB`,
      );
    }
    const out = path.join(repoRoot, 'bench-results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'export.json'), JSON.stringify({ date: new Date().toISOString(), total, results }, null, 2));
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 0;
});
