/**
 * Latency measurement for bench/api-bench.js: GETs (or any async run) over a number of concurrent clients after a
 * warm-up, percentiles in ms and requests per second; an API call and its baseline measured interleaved.
 */
const WARMUP = 20;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Percentiles (ms) of a list of durations. */
function stats(times, wallSeconds, total) {
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), rps: total / wallSeconds };
}

/** Runs `total` GETs of `urlFor(i)` with `concurrency` workers; returns latency percentiles (ms). */
function measure(urlFor, headers, total, concurrency) {
  return measureRuns((i) => hit(urlFor(i), headers), total, concurrency);
}

/** Runs `run(i)` for i < `total` over `concurrency` workers, after a sequential warm-up; latency percentiles (ms). */
async function measureRuns(run, total, concurrency) {
  for (let i = 0; i < Math.min(WARMUP, Math.ceil(total / 4)); i++) await run(i);
  const times = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await run(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return stats(times, (performance.now() - t0) / 1000, total);
}

/**
 * A second warm-up at the measured concurrency (the same requests as the window's first ones, both
 * kinds), so the window meets the steady state: every pooled database connection exists and has read
 * the pages the call reads. A PostgreSQL backend's first touch of each shared-buffer page costs a page
 * fault (~14 µs per 4 KiB here, no huge pages): a new connection's first pass over the 37 MB
 * receivables heap took ~130 ms more than its second, and a sequential warm-up warms one connection of
 * the ten the window then opens. No-op on SQLite beyond warming its page cache again.
 */
async function warmConnections(apiUrl, apiHeaders, coreUrl, total, concurrency) {
  const n = Math.min(total, 4 * concurrency);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < 2 * n) {
        const k = next++;
        const i = k >> 1;
        await (k % 2 === 0 ? hit(apiUrl(i), apiHeaders) : hit(coreUrl(i), {}));
      }
    }),
  );
}

/**
 * The API call and its core find measured together: both warmed up first, then `total` requests
 * of each, interleaved (API i, core i, API i+1, …) over the same `concurrency` workers, so both
 * meet the same database cache and the same load — measuring one after the other favoured the
 * second (it found the pages the first had just read). `rps` counts both kinds of request.
 */
async function measurePair(apiUrl, apiHeaders, coreUrl, total, concurrency) {
  for (let i = 0; i < Math.min(WARMUP, Math.ceil(total / 4)); i++) {
    await hit(apiUrl(i), apiHeaders);
    await hit(coreUrl(i), {});
  }
  await warmConnections(apiUrl, apiHeaders, coreUrl, total, concurrency);
  const times = { api: [], core: [] };
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < 2 * total) {
        const k = next++;
        const i = k >> 1;
        const api = k % 2 === 0;
        const t = performance.now();
        await hit(api ? apiUrl(i) : coreUrl(i), api ? apiHeaders : {});
        times[api ? 'api' : 'core'].push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  return { ours: stats(times.api, wall, 2 * total), plain: stats(times.core, wall, 2 * total) };
}

/**
 * One GET; a keep-alive socket the (event-loop-blocked) server closed meanwhile surfaces as
 * ECONNRESET in undici: retried once on a fresh request, counted in `retries`.
 */
let retries = 0;
async function hit(url, headers, again = true) {
  try {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${url}: ${body.slice(0, 300)}`);
    return body;
  } catch (err) {
    if (again && /fetch failed|ECONNRESET|socket/i.test(String(err?.cause?.code ?? err?.message))) {
      retries += 1;
      return hit(url, headers, false);
    }
    throw err;
  }
}

/** How many requests were retried after a reset socket so far. */
const retriesSoFar = () => retries;

module.exports = { measure, measureRuns, measurePair, hit, retriesSoFar };
