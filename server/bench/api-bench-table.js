/** The tables bench/api-bench.js prints from a database's results. */
const fmt = (ms) => ms.toFixed(0).padStart(6);

function printTable(result) {
  console.log(`\n${result.database} — ${result.concurrency} concurrent clients (ms)`);
  console.log(`${'call'.padEnd(62)} ${'API p50'.padStart(7)} ${'p95'.padStart(6)} │ ${'core p50'.padStart(8)} ${'p95'.padStart(6)} │ ratio p95`);
  for (const r of result.rows) {
    console.log(
      `${r.name.padEnd(62)} ${fmt(r.ours.p50).padStart(7)} ${fmt(r.ours.p95)} │ ${fmt(r.plain.p50).padStart(8)} ${fmt(r.plain.p95)} │ ${r.ratioP95.toFixed(2)}×`,
    );
  }
  if (result.replays?.length) {
    console.log(`\n${result.database} — the searches against their own statements replayed straight (p50/p95 ms)`);
    console.log(
      `${'call'.padEnd(50)} ${'clients'.padStart(7)} ${'stmts'.padStart(5)} │ ${'API p50'.padStart(7)} ${'p95'.padStart(6)} │ ${'SQL p50'.padStart(7)} ${'p95'.padStart(6)} │ ratio p95`,
    );
    for (const r of result.replays) {
      console.log(
        `${r.name.padEnd(50)} ${String(r.clients).padStart(7)} ${r.statements.padStart(5)} │ ${fmt(r.api.p50).padStart(7)} ${fmt(r.api.p95)} │ ${fmt(r.sql.p50).padStart(7)} ${fmt(r.sql.p95)} │ ${r.ratioP95.toFixed(2)}×`,
      );
    }
  }
  if (result.scaling?.length) {
    const procs = [...new Set(result.scaling.map((r) => r.processes))];
    console.log(`\n${result.database} — API only, 1 process vs one per core (p50/p95 ms, req/s; CPU ms per request: server processes + bench client)`);
    const head = procs
      .map((p) => `${`${p} proc`.padStart(6)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'req/s'.padStart(7)} ${'cpu'.padStart(10)}`)
      .join(' │ ');
    console.log(`${'call'.padEnd(44)} ${'clients'.padStart(7)} │ ${head}`);
    const keys = [...new Set(result.scaling.map((r) => `${r.name}\u0000${r.clients}`))];
    for (const key of keys) {
      const [name, clients] = key.split('\u0000');
      const cells = procs.map((p) => {
        const r = result.scaling.find((x) => x.name === name && String(x.clients) === clients && x.processes === p);
        const cpu = r?.cpu ? `${r.cpu.server === null ? '?' : r.cpu.server.toFixed(1)}+${r.cpu.client.toFixed(1)}` : '';
        return r ? `${''.padStart(6)} ${fmt(r.p50)} ${fmt(r.p95)} ${r.rps.toFixed(1).padStart(7)} ${cpu.padStart(10)}` : ''.padStart(39);
      });
      console.log(`${name.padEnd(44)} ${clients.padStart(7)} │ ${cells.join(' │ ')}`);
    }
  }
  if (result.count) {
    const c = result.count;
    const share = c.countAll.p95 / (c.countAll.p95 + c.findOnly.p95);
    console.log(
      `count on 100,000 orders: findMany page p95 ${fmt(c.findOnly.p95).trim()} ms, count p95 ${fmt(c.countAll.p95).trim()} ms (with status filter ${fmt(c.countStatus.p95).trim()} ms): the count is ${(share * 100).toFixed(0)}% of the core work; API page p95 ${fmt(c.api.p95).trim()} ms`,
    );
  }
}

module.exports = { printTable };
