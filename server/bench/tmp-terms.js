// temporary: API time per term (1 client), SQLite or PostgreSQL per DATABASE_*
const { stringify } = require('qs');
const { loadPwaQueries } = require('./pwa-queries');
const { startServer, stopServer } = require('./server-process');
const { receivableListQuery } = loadPwaQueries();
const TERMS = ['3000', 'paulista', 'visa', '150,00', 'NF-1234', 'carioca', 'elo', 'pago'];
(async () => {
  const { child, base } = await startServer();
  const j = await (await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: process.env.WHO || '11222333000181', password: 'Balcao@2026' }) })).json();
  const headers = { Authorization: `Bearer ${j.jwt}` };
  for (const term of TERMS) {
    const url = `${base}/api/receivables?${stringify(receivableListQuery({ q: term, page: 1, pageSize: 25 }), { encodeValuesOnly: true, skipNulls: true })}`;
    const times = [];
    let total;
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      const body = await fetch(url, { headers }).then((r) => r.json());
      times.push(performance.now() - t);
      total = body.meta?.pagination?.total;
    }
    times.sort((a, b) => a - b);
    console.log(term.padEnd(9), 'total', String(total).padStart(6), 'median', times[6].toFixed(1), 'max', times[11].toFixed(1));
  }
  await stopServer(child);
})();
